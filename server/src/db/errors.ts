// Postgres reports its errors with a SQLSTATE code; Drizzle wraps the driver's error (PGlite or
// node-postgres) in its own, so the cause chain is walked.
export function sqlState(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as { code?: unknown; constraint?: unknown };
  }
  return null;
}

const BUSY = ['57014', '40P01', '40001', '55P03', '53300'];
const SESSION_ENDED = ['57P01', '57P02', '57P03'];
const hasCode = (error: unknown, codes: string[]) => {
  const code = sqlState(error)?.code;
  return typeof code === 'string' && codes.includes(code);
};

/**
 * The database could not do the work now, though nothing is wrong with the request: the statement
 * timeout cancelled it (57014), a deadlock or serialization failure chose it (40P01, 40001), a lock
 * or a connection was not available (55P03, 53300), the pool had no free connection in time, or
 * PostgreSQL ended the session (isSessionEnded: a restart, a failover).
 * The answer is a 503 with Retry-After, which the app's outbox retries.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (hasCode(error, BUSY) || hasCode(error, SESSION_ENDED)) return true;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (/timeout exceeded when trying to connect/i.test(e.message)) return true; // pg-pool
  }
  return false;
}

/**
 * PostgreSQL ended the session before running what it was sent (an administrator's terminate, a
 * restart, a failover: 57P01–57P03). Its open transaction, if any, rolled back: nothing was done.
 */
export const isSessionEnded = (error: unknown): boolean => hasCode(error, SESSION_ENDED);

/** A statement sent after an earlier one failed in the same transaction (25P02): it was not run. */
export const isTransactionAborted = (error: unknown): boolean => hasCode(error, ['25P02']);
