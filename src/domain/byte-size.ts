// File and storage sizes in French: decimal comma, French units (o, Ko, Mo, Go), 1 Ko = 1024 o
// like the 50 Mo upload limit (52 428 800 octets).

const UNITS = ['o', 'Ko', 'Mo', 'Go', 'To'];

/** 12 998 246 → '12,4 Mo'; 0 → '0 o'. One decimal from Ko upwards. */
export function formatBytesFr(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 o';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(Math.round(value)) : value.toFixed(1).replace('.', ',').replace(/,0$/, '');
  return `${text} ${UNITS[unit]}`;
}
