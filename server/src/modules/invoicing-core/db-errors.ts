// Postgres reports a broken unique index as SQLSTATE 23505 with the index name; Drizzle wraps
// the driver's error (PGlite or node-postgres) in its own, so the cause chain is walked.
function sqlState(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as { code?: unknown; constraint?: unknown };
  }
  return null;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const state = sqlState(error);
  return state?.code === '23505' && (state.constraint === undefined || state.constraint === constraint);
}

/** 23503: a row still referenced by another table (an invoice's customer, for instance). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error)?.code === '23503';
}
