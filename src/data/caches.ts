// Local copies of the current company's data (architecture.md "Offline and sync"): fetched from the
// API, stored in the user's Dexie database keyed by company, read by screens with useLiveQuery.
// A refresh replaces a company's rows in ONE transaction: a failure (storage full, sign-out)
// leaves the previous copy whole.
import { HTTPError } from 'ky';
import {
  currentDb,
  LIST_TABLES,
  rowLabel,
  type CachedRow,
  type ListTable,
  type PlumeEnvironment,
  type WorkplaceDb,
} from './db';
import { isQuotaError, QUOTA_MESSAGE } from './quota';

export interface DatasetDef<T = unknown> {
  /** 'customers', 'articles', 'invoices', 'quotes', 'notifications', 'cashRegisters' use their own table; other names the shared one. */
  name: string;
  fetch: (companyId: number) => Promise<T[]>;
  key: (row: T) => string | number;
  /** Search text (folded); defaults per table (db.ts rowLabel). */
  label?: (row: T) => string;
}

export type RefreshOutcome =
  | { status: 'ok'; count: number }
  /** 404 (endpoint not deployed yet) or 403 (no right in this company): nothing to cache, no error. */
  | { status: 'unavailable' }
  /** Network down: the previous copy stays. */
  | { status: 'offline' }
  | { status: 'error'; message: string };

// Stored type-erased: each definition only ever meets its own rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- DatasetDef<T> takes T in and out: unknown would not accept it
const datasets = new Map<string, DatasetDef<any>>();

/** Adds a dataset refreshed after sign-in, on company change and when back online. Returns an unregister function. */
export function registerDataset<T>(def: DatasetDef<T>): () => void {
  datasets.set(def.name, def);
  return () => datasets.delete(def.name);
}

export const registeredDatasets = (): string[] => [...datasets.keys()];

const DETAIL_TABLES: readonly string[] = ['invoices', 'quotes'];
const tableOf = (name: string): ListTable | null =>
  (LIST_TABLES as readonly string[]).includes(name) ? (name as ListTable) : null;

async function outcomeOfError(error: unknown): Promise<RefreshOutcome> {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    if (status === 404 || status === 403) return { status: 'unavailable' };
    let message = `Erreur ${status}`;
    try {
      message = ((await error.response.clone().json()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    return { status: 'error', message };
  }
  if (isQuotaError(error)) return { status: 'error', message: QUOTA_MESSAGE };
  if (error instanceof TypeError || (error as Error)?.name === 'TimeoutError') return { status: 'offline' };
  return { status: 'error', message: String((error as Error)?.message ?? error) };
}

/** Replaces the company's rows of one dataset, keeping the details of recently opened documents. */
export async function storeRows<T>(
  db: WorkplaceDb,
  def: DatasetDef<T>,
  companyId: number,
  rows: T[],
  now = Date.now(),
): Promise<void> {
  const table = tableOf(def.name);
  const label = def.label ?? ((row: T) => rowLabel(table ?? def.name, row));
  await db.transaction('rw', [table ? db.table(table) : db.records, db.meta], async () => {
    if (table) {
      // Only invoices and quotes hold opened documents; reading 10 000 customers back would be waste.
      const kept = new Map(
        DETAIL_TABLES.includes(table)
          ? (
              await db
                .table<CachedRow>(table)
                .where('companyId')
                .equals(companyId)
                .filter((r) => r.detail !== undefined)
                .toArray()
            ).map((r) => [r.id, r])
          : [],
      );
      await db.table(table).where('companyId').equals(companyId).delete();
      await db.table(table).bulkPut(
        rows.map((data) => {
          const id = def.key(data);
          return {
            companyId,
            id,
            data,
            label: label(data),
            detail: kept.get(id)?.detail,
            openedAt: kept.get(id)?.openedAt,
          };
        }),
      );
    } else {
      await db.records.where('[dataset+companyId]').equals([def.name, companyId]).delete();
      await db.records.bulkPut(
        rows.map((data) => ({ dataset: def.name, companyId, id: def.key(data), data, label: label(data) })),
      );
    }
    await db.meta.put({ companyId, dataset: def.name, fetchedAt: now, count: rows.length });
  });
}

// One refresh per dataset and company at a time: a save and the periodic refresh share it.
const inFlight = new Map<string, Promise<RefreshOutcome>>();

export function refreshDataset(
  name: string,
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
): Promise<RefreshOutcome> {
  const key = `${db?.name ?? ''}:${name}:${companyId}`;
  const running = inFlight.get(key);
  if (running) return running;
  const promise = doRefreshDataset(name, companyId, db).finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

async function doRefreshDataset(name: string, companyId: number, db: WorkplaceDb | null): Promise<RefreshOutcome> {
  const def = datasets.get(name) as DatasetDef<unknown> | undefined;
  if (!def || !db) return { status: 'unavailable' };
  try {
    const rows = await def.fetch(companyId);
    await storeRows(db, def, companyId, rows);
    return { status: 'ok', count: rows.length };
  } catch (error) {
    return outcomeOfError(error);
  }
}

export type EnvironmentFetcher = (companyId: number) => Promise<PlumeEnvironment>;
let environmentFetcher: EnvironmentFetcher | null = null;
/** datasets.ts installs GET /api/environment/plume; tests install a fake. */
export const setEnvironmentFetcher = (fn: EnvironmentFetcher) => {
  environmentFetcher = fn;
};

export async function refreshEnvironment(
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
): Promise<RefreshOutcome> {
  if (!db || !environmentFetcher) return { status: 'unavailable' };
  try {
    const data = await environmentFetcher(companyId);
    const now = Date.now();
    await db.transaction('rw', db.environment, db.meta, async () => {
      await db.environment.put({ companyId, data, fetchedAt: now });
      await db.meta.put({ companyId, dataset: 'environment', fetchedAt: now, count: 1 });
    });
    return { status: 'ok', count: 1 };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** The environment and every registered dataset of the company, in parallel; never throws. */
export async function refreshAll(
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
): Promise<Record<string, RefreshOutcome>> {
  const names = ['environment', ...datasets.keys()];
  const results = await Promise.all(
    names.map((n) => (n === 'environment' ? refreshEnvironment(companyId, db) : refreshDataset(n, companyId, db))),
  );
  return Object.fromEntries(names.map((n, i) => [n, results[i]]));
}

/** A screen opened a document: its detail is kept for offline reading (the 50 most recent per table). */
export async function cacheOpenedDocument(
  table: 'invoices' | 'quotes',
  companyId: number,
  id: string | number,
  detail: unknown,
  db: WorkplaceDb | null = currentDb(),
): Promise<void> {
  if (!db) return;
  const t = db.table<CachedRow>(table);
  try {
    await db.transaction('rw', t, async () => {
      const row = await t.get([companyId, id]);
      await t.put({
        companyId,
        id,
        data: row?.data ?? detail,
        label: row?.label ?? rowLabel(table, detail),
        detail,
        openedAt: Date.now(),
      });
      const opened = (
        await t
          .where('companyId')
          .equals(companyId)
          .filter((r) => r.detail !== undefined)
          .toArray()
      ).sort((a, b) => (b.openedAt ?? 0) - (a.openedAt ?? 0));
      for (const old of opened.slice(50))
        await t.update([companyId, old.id], { detail: undefined, openedAt: undefined });
    });
  } catch (error) {
    // A copy for offline reading only: the screen already shows the document.
    if (!isQuotaError(error)) throw error;
  }
}
