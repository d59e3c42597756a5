// Retry delays for network errors, 5xx, 408 and 429: exponential, capped, with jitter so that
// many tablets coming back online together do not hit the server at the same instant.

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** Delay before attempt n+1 after n failed attempts (n ≥ 1): 2 s, 4 s, 8 s … 5 min, ±20 %. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Retry-After in ms (seconds or an HTTP date), null when absent or unreadable; capped at 1 h. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), 3_600_000) : null;
}
