// The reads of « Mes caisses » through the sync layer (decision 022). The registers, their movement
// types and the last 62 days of every register are kept on the device (keep: 'device'), so a tablet
// without network still shows the journals, with their age. After sign-in, on a company change and
// back online, `prefetchCashRegisters` (registered with the caches, src/data/caches.ts) fetches them
// for every register, not only the ones already opened.
import { can } from '../../domain/rights';
import { fetchShared } from '../../data/sync/engine';
import { currentScope } from '../../data/sync/current-scope';
import { keepTable } from '../../data/sync/tables';
import { defineServerData, JUST_FETCHED_MS, NO_PARAMS, type NoParams } from '../../data/sync/server-data';
import { todayInParis } from '../../domain/dates';
import {
  fetchHistory,
  fetchMovementTypes,
  fetchReceipt,
  fetchRegisters,
  type Journal,
  type MovementType,
  type Register,
} from './api/cash-registers-api';
import { windowStart } from './cash-model';
import { api } from '../../contract/index';
import { call } from '../../data/api-call';

const REFRESH_AFTER = ['cashRegister'] as const;

export const registersData = defineServerData<NoParams, Register[]>({
  key: 'cashRegisterList',
  keep: 'device',
  // The home's cash widget opens just after the sign-in refresh (prefetchCashRegisters): it shares
  // that request while it is under way, and reads its answer for 10 s after. This device's own
  // changes still refetch the list at once (refreshAfter).
  maxAgeMs: JUST_FETCHED_MS,
  refreshAfter: REFRESH_AFTER,
  fetch: (_, { companyId, signal }) => fetchRegisters(companyId, signal),
});

export const movementTypesData = defineServerData<{ id: number }, MovementType[]>({
  key: 'cashRegisterTypes',
  keep: 'device',
  maxAgeMs: 60 * 60_000,
  fetch: ({ id }, { companyId, signal }) => fetchMovementTypes(companyId, id, signal),
});

export interface RecentDays {
  /** The first day of the window (today − 61). */
  dateStart: string;
  dateEnd: string;
  days: Journal[];
}

const recentOf = async (companyId: number, uuid: string, signal?: AbortSignal): Promise<RecentDays> => {
  const dateEnd = todayInParis(new Date());
  const dateStart = windowStart(dateEnd);
  const answer = await fetchHistory(companyId, uuid, dateStart, dateEnd, signal);
  return { dateStart, dateEnd, days: answer.days };
};

/** The last 62 days of one register (days with movements, and today). */
export const recentDaysData = defineServerData<{ uuid: string }, RecentDays>({
  key: 'cashRegisterDays',
  keep: 'device',
  refreshAfter: REFRESH_AFTER,
  fetch: ({ uuid }, { companyId, signal }) => recentOf(companyId, uuid, signal),
});

/** An older month of a register, read online only. */
export const olderDaysData = defineServerData<{ uuid: string; dateStart: string; dateEnd: string }, RecentDays>({
  key: 'cashRegisterOlderDays',
  keep: 'memory',
  refreshAfter: REFRESH_AFTER,
  fetch: async ({ uuid, dateStart, dateEnd }, { companyId, signal }) => ({
    dateStart,
    dateEnd,
    days: (await fetchHistory(companyId, uuid, dateStart, dateEnd, signal)).days,
  }),
});

/** The photo of an expense's receipt (memory only, dropped once off screen). */
export const receiptData = defineServerData<{ uuid: string; sha256: string }, Blob>({
  key: 'cashRegisterReceipt',
  keep: 'memory',
  forgetOnLeave: true,
  fetch: ({ uuid, sha256 }, { companyId, signal }) => fetchReceipt(companyId, uuid, sha256, signal),
});

// --- Dashboard -------------------------------------------------------------------------------

export interface DashboardParams {
  dateStart: string;
  dateEnd: string;
  register?: string;
}

const dashboardQuery = (p: DashboardParams) => ({
  dateStart: p.dateStart,
  dateEnd: p.dateEnd,
  ...(p.register ? { register: p.register } : {}),
});

export const salesDashboardData = defineServerData({
  key: 'cashDashboardSales',
  keep: 'device',
  refreshAfter: REFRESH_AFTER,
  fetch: (p: DashboardParams, { companyId, signal }) =>
    call(api.cashRegisters.salesDashboard, { query: dashboardQuery(p), companyId, options: { signal } }),
});
export const revenuesDashboardData = defineServerData({
  key: 'cashDashboardRevenues',
  keep: 'device',
  refreshAfter: REFRESH_AFTER,
  fetch: (p: DashboardParams, { companyId, signal }) =>
    call(api.cashRegisters.revenuesDashboard, { query: dashboardQuery(p), companyId, options: { signal } }),
});
export const stakeDashboardData = defineServerData({
  key: 'cashDashboardStake',
  keep: 'device',
  refreshAfter: REFRESH_AFTER,
  fetch: (p: DashboardParams, { companyId, signal }) =>
    call(api.cashRegisters.resultStakeDashboard, { query: dashboardQuery(p), companyId, options: { signal } }),
});
export const monthlyDashboardData = defineServerData({
  key: 'cashDashboardMonthly',
  keep: 'device',
  refreshAfter: REFRESH_AFTER,
  fetch: (p: DashboardParams, { companyId, signal }) =>
    call(api.cashRegisters.resultMonthlyDashboard, { query: dashboardQuery(p), companyId, options: { signal } }),
});

// --- Everything a tablet needs offline, fetched in the background ----------------------------

/**
 * The registers, and for each its movement types and last 62 days, kept where the screens'
 * datasets read them (the snapshots table), through the sync engine: a screen opening one of them
 * meanwhile (the home's cash widget, right after sign-in) shares the request instead of sending its
 * own. The registers are also the rows of the `cashRegisters` table (db.ts, schema v1). A 403 or
 * 404 (no right, server without the module) leaves nothing and no error (caches.ts).
 */
export async function prefetchCashRegisters(companyId: number): Promise<Register[]> {
  const scope = currentScope(companyId);
  if (!scope) return fetchRegisters(companyId);
  const registers = await fetchShared(registersData, scope, NO_PARAMS);
  for (const r of registers)
    await Promise.all([
      fetchShared(movementTypesData, scope, { id: r.id }),
      fetchShared(recentDaysData, scope, { uuid: r.uuid }),
    ]);
  return registers;
}

/** The registers kept as a table (decision 082); its refresh also fetches each register's days. */
export const cashRegistersTable = defineServerData<Register>({
  key: 'cashRegisters',
  keep: 'table',
  fetch: prefetchCashRegisters,
  rowKey: (r) => r.uuid,
  readable: (s) => can(s, 'view', { menu: 'mesCaisses' }),
});

let installed = false;
/** Called once by the module's routes: the registers are then refreshed with the company's other tables. */
export function installCashRegisterDataset(): void {
  if (installed) return;
  installed = true;
  keepTable(cashRegistersTable);
}
