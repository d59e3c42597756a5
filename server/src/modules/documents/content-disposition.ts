// RFC 6266 / RFC 8187: an ASCII fallback for old clients plus the exact UTF-8 name (accents kept).

const encodeRfc8187 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'attachment'): string {
  const fallback = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}
