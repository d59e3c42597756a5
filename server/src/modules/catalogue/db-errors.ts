import { sqlState } from '../../db/errors';

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const state = sqlState(error);
  return state?.code === '23505' && (state.constraint === undefined || state.constraint === constraint);
}

/** 23503: a row still referenced by another table (an invoice's customer, for instance). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error)?.code === '23503';
}
