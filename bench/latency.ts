// The figures' shared arithmetic: percentiles of measured times, written the French way.

/** The p-th percentile of sorted times (nearest rank). */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A number with a decimal comma and a fixed number of digits. */
export const fr = (n: number, digits = 1) =>
  n.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** « médiane … ms · p95 … ms » of a series of times. */
export const latency = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return `médiane ${fr(pct(s, 50))} ms · p95 ${fr(pct(s, 95))} ms`;
};
