import type { Db } from '../../db/client';
import { signInStats } from '../auth/service';
import { countUsersAndCompanies } from '../users/service';

/**
 * Platform use from the first to the last day (YYYY-MM-DD, Paris days): sign-ins are auth's,
 * accounts and companies the users module's (decision 023); this module has no table of its own.
 */
export async function platformStatistics(db: Db, start: string, end: string) {
  const stats = await signInStats(db, start, end);
  const totals = await countUsersAndCompanies(db);
  return { period: { start, end }, users: totals.users, companies: totals.companies, ...stats };
}
