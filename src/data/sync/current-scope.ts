// The scope of a background fetch through the sync engine (a sign-in prefetch): the signed-in
// user's database and id, for the company being refreshed.
import { currentDb } from '../db';
import { getSession } from '../../lib/session';
import type { Scope } from './engine';

/** null when signed out (no database, no profile): the caller fetches without keeping. */
export function currentScope(companyId: number): Scope | null {
  const db = currentDb();
  const userId = getSession()?.profile.id;
  return db && userId !== undefined ? { db, userId, companyId } : null;
}
