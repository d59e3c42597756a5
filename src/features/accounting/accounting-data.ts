// The reads of « Ma comptabilité » through the sync layer (decision 022). The exercises, the
// dashboards of the exercises consulted and the open information requests are kept on the device
// (keep: 'device'), read offline with their age; the ledger's and the search's pages are kept in
// memory (one copy per query would fill the device). After sign-in, on a company change and back
// online, `prefetchAccounting` (registered with the caches) fetches the exercises, the last
// consulted exercise's dashboard and the open requests through the sync engine, which keeps them
// where the screens read them.
import { can } from '../../domain/rights';
import { fetchShared } from '../../data/sync/engine';
import { currentScope } from '../../data/sync/current-scope';
import { keepTable } from '../../data/sync/tables';
import { defineServerData, JUST_FETCHED_MS, NO_PARAMS, type NoParams } from '../../data/sync/server-data';
import type { SearchBody } from '../../contract/accounting';
import {
  fetchDashboardAccounts,
  fetchExpenses,
  fetchGreatBook,
  fetchImports,
  fetchIncomes,
  fetchJournals,
  fetchPeriods,
  fetchRequests,
  fetchResult,
  fetchSearchState,
  fetchTreasury,
  fetchTreasuryAccounts,
  REQUEST_KIND,
  searchEntries,
  SEARCH_STATE_KIND,
  type AccountingExercise,
  type GreatBookQuery,
  type RequestsQuery,
} from './api/accounting-api';

export const periodsData = defineServerData<NoParams, AccountingExercise[]>({
  key: 'accountingPeriods',
  keep: 'device',
  maxAgeMs: JUST_FETCHED_MS,
  fetch: (_, { companyId, signal }) => fetchPeriods({ companyId, signal }),
});

/** The exercise of a dashboard (undefined: the latest, as the server answers). */
export interface ExerciseParams {
  exercise: number;
}

export const dashboardAccountsData = defineServerData({
  key: 'accountingDashboardAccounts',
  keep: 'device',
  fetch: ({ exercise }: ExerciseParams, ctx) => fetchDashboardAccounts(exercise, ctx),
});
export const resultData = defineServerData({
  key: 'accountingDashboardResult',
  keep: 'device',
  maxAgeMs: JUST_FETCHED_MS,
  fetch: ({ exercise }: ExerciseParams, ctx) => fetchResult(exercise, ctx),
});
export const incomesData = defineServerData({
  key: 'accountingDashboardIncomes',
  keep: 'device',
  fetch: ({ exercise }: ExerciseParams, ctx) => fetchIncomes(exercise, ctx),
});
export const expensesData = defineServerData({
  key: 'accountingDashboardExpenses',
  keep: 'device',
  fetch: ({ exercise }: ExerciseParams, ctx) => fetchExpenses(exercise, ctx),
});
export const treasuryData = defineServerData({
  key: 'accountingDashboardTreasury',
  keep: 'device',
  fetch: ({ exercise }: ExerciseParams, ctx) => fetchTreasury(exercise, ctx),
});
export const treasuryAccountsData = defineServerData({
  key: 'accountingDashboardTreasuryAccounts',
  keep: 'device',
  fetch: ({ exercise }: ExerciseParams, ctx) => fetchTreasuryAccounts(exercise, ctx),
});

/** The ledger's selection totals and one page of its lines (memory). */
export const greatBookData = defineServerData({
  key: 'accountingGreatBook',
  keep: 'memory',
  fetch: (q: GreatBookQuery, ctx) => fetchGreatBook(q, ctx),
});

export const journalsData = defineServerData({
  key: 'accountingJournals',
  keep: 'device',
  fetch: ({ exercise }: ExerciseParams, ctx) => fetchJournals({ exercise }, ctx),
});

/** One page of a search (memory). */
export const entriesData = defineServerData({
  key: 'accountingEntries',
  keep: 'memory',
  fetch: (body: SearchBody & { page: number }, ctx) => searchEntries(body, ctx),
});

/** The search state saved per user and company (ACC-2), read once when the search opens. */
export const searchStateData = defineServerData({
  key: 'accountingSearchState',
  keep: 'device',
  manual: true,
  refreshAfter: [SEARCH_STATE_KIND.split('.')[0]],
  fetch: (_: NoParams, ctx) => fetchSearchState(ctx),
});

/** The information requests (open ones are also prefetched for offline reading). */
export const requestsData = defineServerData({
  key: 'accountingRequests',
  keep: 'device',
  refreshAfter: [REQUEST_KIND],
  fetch: (q: RequestsQuery, ctx) => fetchRequests(q, ctx),
});

/** The firm's FEC import history. */
export const importsData = defineServerData({
  key: 'accountingImports',
  keep: 'memory',
  fetch: (q: { page: number; pageSize: number }, ctx) => fetchImports(q, ctx),
});

export const REQUESTS_PAGE: RequestsQuery = { page: 1, pageSize: 200 };
export const OPEN_REQUESTS: RequestsQuery = { status: 'open', page: 1, pageSize: 200 };

// --- The last consulted exercise, remembered per company on this device ------------------------

const LAST_KEY = (companyId: number) => `workplace.accounting.exercise.${companyId}`;
export function rememberExercise(companyId: number, exercise: number): void {
  try {
    localStorage.setItem(LAST_KEY(companyId), String(exercise));
  } catch {
    /* private mode: the latest exercise is shown */
  }
}
export function lastExercise(companyId: number): number | undefined {
  try {
    const v = Number(localStorage.getItem(LAST_KEY(companyId)));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

// --- Everything a tablet needs offline, fetched in the background ----------------------------

/**
 * The exercises, the dashboard of the last consulted exercise (else the latest) and the open
 * information requests, kept where the screens' datasets read them (the snapshots table), through
 * the sync engine: a screen opening one of them meanwhile (the home's result widget, right after
 * sign-in) shares the request. A 403 or 404 (no right, server without the module) leaves nothing
 * and no error (caches.ts).
 */
export async function prefetchAccounting(companyId: number): Promise<AccountingExercise[]> {
  const scope = currentScope(companyId);
  if (!scope) return fetchPeriods({ companyId });
  const exercises = await fetchShared(periodsData, scope, NO_PARAMS);
  const remembered = lastExercise(companyId);
  const exercise = exercises.find((e) => e.id === remembered)?.id ?? exercises[0]?.id;
  if (exercise) {
    const p = { exercise };
    await Promise.all([
      fetchShared(dashboardAccountsData, scope, p),
      fetchShared(resultData, scope, p),
      fetchShared(incomesData, scope, p),
      fetchShared(expensesData, scope, p),
      fetchShared(treasuryData, scope, p),
      fetchShared(treasuryAccountsData, scope, p),
    ]);
  }
  await fetchShared(requestsData, scope, OPEN_REQUESTS);
  await fetchShared(requestsData, scope, REQUESTS_PAGE);
  return exercises;
}

/** The exercises kept as a table (decision 082); its refresh also fetches the dashboard's answers. */
export const accountingTable = defineServerData<AccountingExercise>({
  key: 'accounting',
  keep: 'table',
  fetch: prefetchAccounting,
  rowKey: (e) => e.id,
  readable: (s) => can(s, 'view', { menu: 'maComptabilite' }),
});

let installed = false;
/** Called once after sign-in (signed-in-shell.tsx): accounting is then refreshed with the company's other tables. */
export function installAccountingDataset(): void {
  if (installed) return;
  installed = true;
  keepTable(accountingTable);
}
