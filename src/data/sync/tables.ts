// Datasets kept as a whole table (keep: 'table', decision 082): the current company's customers,
// articles, invoices, quotes, cash registers, accounting exercises and invoicing environment,
// stored in the user's Dexie database keyed by company and read live by the screens
// (use-server-rows.ts). A refresh replaces a company's rows in ONE transaction: a failure
// (storage full, sign-out) leaves the previous copy whole.
import { HTTPError } from 'ky';
import { currentDb, LIST_TABLES, rowLabel, type CachedRow, type ListTable, type WorkplaceDb } from '../db';
import { isQuotaError, QUOTA_MESSAGE } from '../quota';
import { afterReplay } from '../replay-first';
import type { Subject } from '../../domain/rights';
import type { TableDataset } from './server-data';
import { syncTable, type SyncedTable } from './table-sync';

export type RefreshOutcome =
  | { status: 'ok'; count: number }
  /** 404 (endpoint not deployed yet) or 403 (no right in this company): nothing to keep, no error. */
  | { status: 'unavailable' }
  /** Network down: the previous copy stays. */
  | { status: 'offline' }
  | { status: 'error'; message: string };

// Stored type-erased: each definition only ever meets its own rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TableDataset<T> takes T in and out: unknown would not accept it
type AnyTable = TableDataset<any>;
const tables = new Map<string, AnyTable>();

/** Adds a table dataset to the company's refreshes (sign-in, company change, back online). Returns an unregister function. */
export function keepTable<T>(def: TableDataset<T>): () => void {
  tables.set(def.key, def);
  return () => tables.delete(def.key);
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
  def: Pick<TableDataset<T>, 'key' | 'rowKey' | 'label'>,
  companyId: number,
  rows: T[],
  now = Date.now(),
): Promise<void> {
  const table = tableOf(def.key);
  const label = def.label ?? ((row: T) => rowLabel(table ?? def.key, row));
  const key = def.rowKey!;
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
          const id = key(data);
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
      await db.records.where('[dataset+companyId]').equals([def.key, companyId]).delete();
      await db.records.bulkPut(
        rows.map((data) => ({ dataset: def.key, companyId, id: key(data), data, label: label(data) })),
      );
    }
    await db.meta.put({ companyId, dataset: def.key, fetchedAt: now, count: rows.length });
  });
}

/** The environment, asked with its copy's ETag: an unchanged one only gets younger (decision 027). */
async function storeConditional(def: AnyTable, companyId: number, db: WorkplaceDb): Promise<void> {
  const [meta, copy] = await Promise.all([db.meta.get([companyId, def.key]), db.environment.get(companyId)]);
  // The ETag names the copy: without the copy, ask for the whole answer.
  const answer = await def.fetchIfChanged!(companyId, copy ? (meta?.etag ?? null) : null);
  const now = Date.now();
  await db.transaction('rw', db.environment, db.meta, async () => {
    if (answer.status === 'unchanged') {
      // Still the server's: only its age changes (the "Données du …" hint, the stale checks).
      await db.environment.update(companyId, { fetchedAt: now });
      await db.meta.put({ ...meta!, fetchedAt: now });
      return;
    }
    await db.environment.put({ companyId, data: answer.data, fetchedAt: now });
    await db.meta.put({ companyId, dataset: def.key, fetchedAt: now, count: 1, etag: answer.etag ?? undefined });
  });
}

// One refresh per dataset and company at a time: a save and the periodic refresh share it.
const inFlight = new Map<string, Promise<RefreshOutcome>>();

/**
 * Fetches the company's table now, as kept by keepTable under that key ('unavailable' when none is,
 * as in a test that installed no datasets); never throws.
 */
export function refreshTable(
  def: Pick<TableDataset, 'key'> | string,
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
): Promise<RefreshOutcome> {
  const name = typeof def === 'string' ? def : def.key;
  const table = tables.get(name);
  // The environment is asked again each time (after a save of the company's details, the answer
  // under way may predate it); its ETag keeps a repeated ask cheap.
  if (table?.fetchIfChanged) return doRefresh(table, companyId, db);
  const key = `${db?.name ?? ''}:${name}:${companyId}`;
  const running = inFlight.get(key);
  if (running) return running;
  const promise = doRefresh(table, companyId, db).finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

async function doRefresh(
  def: AnyTable | undefined,
  companyId: number,
  db: WorkplaceDb | null,
): Promise<RefreshOutcome> {
  if (!def || !db) return { status: 'unavailable' };
  try {
    if (def.fetchIfChanged) {
      await storeConditional(def, companyId, db);
      return { status: 'ok', count: 1 };
    }
    if (def.changes && (def.key === 'customers' || def.key === 'articles')) {
      const synced = await syncTable(db, def.key as SyncedTable, companyId, def.changes, def.rowKey!);
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

/** The kept tables the user may read in the company (all of them without a subject). */
export function readableTables(subject?: Subject): string[] {
  return [...tables.values()].filter((d) => !subject || (d.readable?.(subject) ?? true)).map((d) => d.key);
}

/**
 * Every kept table of the company, in parallel; never throws. With the user's rights there
 * (`subject`), what they may not read is not asked for: a member who follows only a company's
 * accounting sent six requests refused with 403 at every start and company change.
 */
export async function refreshTables(
  companyId: number,
  db: WorkplaceDb | null = currentDb(),
  subject?: Subject,
): Promise<Record<string, RefreshOutcome>> {
  const names = [...tables.keys()];
  const readable = new Set(readableTables(subject));
  const results = await Promise.all(
    names.map((n) => (readable.has(n) ? refreshTable(n, companyId, db) : ({ status: 'unavailable' } as const))),
  );
  return Object.fromEntries(names.map((n, i) => [n, results[i]]));
}

// A change reached the server: the tables that depend on its kind are refreshed (debounced, and
// once the outbox has sent its queue: not between its batches).
export const TABLES_AFTER_CHANGE_MS = 1500;
const dirty = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** The outbox applied a change of this kind ('invoice.save'): the current company's tables that depend on it are stale. */
export function tablesChanged(
  kind: string,
  currentCompany: () => number | null,
  dbOf: () => WorkplaceDb | null = currentDb,
): void {
  const prefix = kind.split('.')[0];
  for (const def of tables.values()) if (def.refreshAfter?.includes(prefix)) dirty.add(def.key);
  if (timer || dirty.size === 0) return;
  timer = setTimeout(() => {
    timer = null;
    const companyId = currentCompany();
    void afterReplay().then(() => {
      const names = [...dirty];
      dirty.clear();
      const db = dbOf(); // signed out during the replay: no database, nothing asked
      if (companyId != null) for (const n of names) void refreshTable(n, companyId, db);
    });
  }, TABLES_AFTER_CHANGE_MS);
}

/** A screen opened a document: its detail is kept for offline reading (the 50 most recent per table). */
export async function keepOpenedDocument(
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
