// How a screen reads a dataset kept as a whole table (keep: 'table', decision 082): live (any
// write re-renders), per company, with the age of the copy for the "Données du …" hint. What
// fetches it again is the engine's (tables.ts; useTablesOnOpen for a screen that opens it).
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { currentCompanyAtom, profileAtom } from '../../lib/session';
import { LIST_TABLES, userDb, type CachedRow, type ListTable, type PlumeEnvironment } from '../db';
import type { TableDataset } from './server-data';

export interface ServerRows<T> {
  /** undefined while loading from IndexedDB (show a skeleton), [] when nothing is kept. */
  rows: T[] | undefined;
  /** Epoch ms of the last successful refresh, null if never fetched. */
  fetchedAt: number | null;
}

/** The signed-in user's database on this device; null when signed out. */
export function useUserDb() {
  const userId = useAtomValue(profileAtom)?.id;
  return userId == null ? null : userDb(userId);
}

function useCompany(companyId?: number): number | undefined {
  const current = useAtomValue(currentCompanyAtom)?.id;
  return companyId ?? current;
}

/** Rows of a table dataset for a company (default: the current one), in table order (by key). */
export function useServerRows<T = unknown>(def: Pick<TableDataset, 'key'>, companyId?: number): ServerRows<T> {
  const db = useUserDb();
  const company = useCompany(companyId);
  const dataset = def.key;
  const result = useLiveQuery(async () => {
    if (!db || company == null) return { rows: [] as T[], fetchedAt: null };
    const table = (LIST_TABLES as readonly string[]).includes(dataset)
      ? db.table<CachedRow<T>>(dataset as ListTable)
      : null;
    const rows = table
      ? await table.where('companyId').equals(company).toArray()
      : await db.records.where('[dataset+companyId]').equals([dataset, company]).toArray();
    const meta = await db.meta.get([company, dataset]);
    return { rows: rows.map((r) => r.data as T), fetchedAt: meta?.fetchedAt ?? null };
  }, [db, company, dataset]);
  return result ?? { rows: undefined, fetchedAt: null };
}

/** The invoice environment of the company; environment undefined while loading, null if never fetched. */
export function useServerEnvironment(companyId?: number): {
  environment: PlumeEnvironment | null | undefined;
  fetchedAt: number | null;
} {
  const db = useUserDb();
  const company = useCompany(companyId);
  const row = useLiveQuery(
    async () => (db && company != null ? ((await db.environment.get(company)) ?? null) : null),
    [db, company],
  );
  return { environment: row === undefined ? undefined : (row?.data ?? null), fetchedAt: row?.fetchedAt ?? null };
}

/** Oldest refresh among these table datasets for the company (the "Données du …" hint). */
export function useTablesAge(
  defs: ReadonlyArray<Pick<TableDataset, 'key'>>,
  companyId?: number,
): number | null | undefined {
  const db = useUserDb();
  const company = useCompany(companyId);
  const key = defs.map((d) => d.key).join(',');
  return useLiveQuery(async () => {
    if (!db || company == null) return null;
    const metas = await db.meta.bulkGet(key.split(',').map((d) => [company, d] as [number, string]));
    const times = metas.filter(Boolean).map((m) => m!.fetchedAt);
    return times.length ? Math.min(...times) : null;
  }, [db, company, key]);
}
