// Screens read the cache through these hooks: live (any write re-renders), per company, with the
// age of the copy for the "Données du …" hint.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { currentCompanyAtom, profileAtom } from '../lib/session';
import { LIST_TABLES, userDb, type CachedRow, type ListTable, type PlumeEnvironment } from './db';

export interface Cached<T> {
  /** undefined while loading from IndexedDB (show a skeleton), [] when nothing is cached. */
  rows: T[] | undefined;
  /** Epoch ms of the last successful refresh, null if never fetched. */
  fetchedAt: number | null;
}

/** The signed-in user's database on this device; null when signed out. */
export function useUserDb() {
  const userId = useAtomValue(profileAtom)?.id;
  return userId == null ? null : userDb(userId);
}

/** Rows of a dataset for a company (default: the current one), in cache order (by key). */
export function useCachedRows<T = unknown>(dataset: string, companyId?: number): Cached<T> {
  const db = useUserDb();
  const current = useAtomValue(currentCompanyAtom)?.id;
  const company = companyId ?? current;
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

export const useCachedCustomers = <T = unknown>(companyId?: number) => useCachedRows<T>('customers', companyId);
export const useCachedArticles = <T = unknown>(companyId?: number) => useCachedRows<T>('articles', companyId);
export const useCachedInvoices = <T = unknown>(companyId?: number) => useCachedRows<T>('invoices', companyId);
export const useCachedQuotes = <T = unknown>(companyId?: number) => useCachedRows<T>('quotes', companyId);
export const useCachedCashRegisters = <T = unknown>(companyId?: number) => useCachedRows<T>('cashRegisters', companyId);

/** The invoice environment of the company; environment undefined while loading, null if never fetched. */
export function useCachedEnvironment(companyId?: number): {
  environment: PlumeEnvironment | null | undefined;
  fetchedAt: number | null;
} {
  const db = useUserDb();
  const current = useAtomValue(currentCompanyAtom)?.id;
  const company = companyId ?? current;
  const row = useLiveQuery(
    async () => (db && company != null ? ((await db.environment.get(company)) ?? null) : null),
    [db, company],
  );
  return { environment: row === undefined ? undefined : (row?.data ?? null), fetchedAt: row?.fetchedAt ?? null };
}

/** A document opened recently (cacheOpenedDocument), for reading offline. */
export function useCachedDocument<T = unknown>(
  table: 'invoices' | 'quotes',
  id: string | number | undefined,
  companyId?: number,
): T | null | undefined {
  const db = useUserDb();
  const current = useAtomValue(currentCompanyAtom)?.id;
  const company = companyId ?? current;
  return useLiveQuery(
    async () =>
      db && company != null && id != null
        ? (((await db.table<CachedRow>(table).get([company, id]))?.detail as T) ?? null)
        : null,
    [db, company, table, id],
  );
}

/** Oldest refresh among these datasets for the company (the "Données du …" hint). */
export function useDataAge(datasets: string[], companyId?: number): number | null | undefined {
  const db = useUserDb();
  const current = useAtomValue(currentCompanyAtom)?.id;
  const company = companyId ?? current;
  const key = datasets.join(',');
  return useLiveQuery(async () => {
    if (!db || company == null) return null;
    const metas = await db.meta.bulkGet(datasets.map((d) => [company, d] as [number, string]));
    const times = metas.filter(Boolean).map((m) => m!.fetchedAt);
    return times.length ? Math.min(...times) : null;
  }, [db, company, key]);
}
