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
import { syncTable, type ChangesFetcher, type SyncedTable } from './sync/table-sync';
import { can, type Subject } from '../domain/rights';

export interface DatasetDef<T = unknown> {
  /** 'customers', 'articles', 'invoices', 'quotes', 'notifications', 'cashRegisters' use their own table; other names the shared one. */
  name: string;
  /** The whole list; not needed with `changes`. */
  fetch?: (companyId: number) => Promise<T[]>;
  /** Customers and articles: changes since the company's cursor instead of the whole list (decision 027). */
  changes?: ChangesFetcher<T>;
  key: (row: T) => string | number;
  /** Search text (folded); defaults per table (db.ts rowLabel). */
  label?: (row: T) => string;
  /**
   * Whether the signed-in user may read it in the current company (the server's own right on its
   * endpoint): without it, no request. Unset: everyone.
   */
  readable?: (subject: Subject) => boolean;
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
    if (def.changes && (def.name === 'customers' || def.name === 'articles')) {
      const synced = await syncTable(db, def.name as SyncedTable, companyId, def.changes, def.key);
      return { status: 'ok', count: synced.count };
    }
    if (!def.fetch) return { status: 'unavailable' };
    const rows = await def.fetch(companyId);
    await storeRows(db, def, companyId, rows);
    return { status: 'ok', count: rows.length };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** A conditional read's answer: 'unchanged' (304 to the copy's ETag), or the environment and its ETag. */
export type EnvironmentAnswer =
  { status: 'unchanged' } | { status: 'changed'; data: PlumeEnvironment; etag: string | null };
/** etag: the copy's (null without a copy). A plain environment is an answer without an ETag. */
export type EnvironmentFetcher = (
  companyId: number,
  etag: string | null,
) => Promise<PlumeEnvironment | EnvironmentAnswer>;
let environmentFetcher: EnvironmentFetcher | null = null;
const isAnswer = (a: PlumeEnvironment | EnvironmentAnswer): a is EnvironmentAnswer =>
  a.status === 'unchanged' || (a.status === 'changed' && 'data' in a);
/** datasets.ts installs GET /api/environment/plume (conditional, lists apart); tests install a fake. */
export const setEnvironmentFetcher = (fn: EnvironmentFetcher) => {
  environmentFetcher = fn;
};

export async function refreshEnvironment(
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
): Promise<RefreshOutcome> {
  if (!db || !environmentFetcher) return { status: 'unavailable' };
  try {
    const [meta, copy] = await Promise.all([db.meta.get([companyId, 'environment']), db.environment.get(companyId)]);
    // The ETag names the copy: without the copy, ask for the whole answer.
    const fetched = await environmentFetcher(companyId, copy ? (meta?.etag ?? null) : null);
    const answer: EnvironmentAnswer = isAnswer(fetched) ? fetched : { status: 'changed', data: fetched, etag: null };
    const now = Date.now();
    await db.transaction('rw', db.environment, db.meta, async () => {
      if (answer.status === 'unchanged') {
        // Still the server's: only its age changes (the "Données du …" hint, the stale checks).
        await db.environment.update(companyId, { fetchedAt: now });
        await db.meta.put({ ...meta!, fetchedAt: now });
        return;
      }
      await db.environment.put({ companyId, data: answer.data, fetchedAt: now });
      await db.meta.put({
        companyId,
        dataset: 'environment',
        fetchedAt: now,
        count: 1,
        etag: answer.etag ?? undefined,
      });
    });
    return { status: 'ok', count: 1 };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/** The invoicing environment is read with « Mes factures » (GET /api/environment/plume). */
const environmentReadable = (subject: Subject) => can(subject, 'view', { menu: 'mesFactures' });

/** The copies kept for the company that the user may read there: the environment and the datasets. */
export function readableCopies(subject?: Subject): string[] {
  return ['environment', ...datasets.keys()].filter(
    (n) =>
      !subject || (n === 'environment' ? environmentReadable(subject) : (datasets.get(n)?.readable?.(subject) ?? true)),
  );
}

/**
 * The environment and every registered dataset of the company, in parallel; never throws. With the
 * user's rights there (`subject`), what they may not read is not asked for: a member who follows only
 * a company's accounting sent six requests refused with 403 at every start and company change.
 */
export async function refreshAll(
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
  subject?: Subject,
): Promise<Record<string, RefreshOutcome>> {
  const names = ['environment', ...datasets.keys()];
  const readable = new Set(readableCopies(subject));
  const allowed = (n: string) => readable.has(n);
  const results = await Promise.all(
    names.map((n) =>
      !allowed(n)
        ? ({ status: 'unavailable' } as const)
        : n === 'environment'
          ? refreshEnvironment(companyId, db)
          : refreshDataset(n, companyId, db),
    ),
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
