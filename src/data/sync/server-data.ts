// The one way screens read server data (decisions 022, 082). A dataset says how to fetch an answer
// (through the feature's api functions) and where it is kept; screens read it with
// useServerData(dataset, params) — or useServerRows(dataset) for a dataset kept as a whole table —
// and the sync engine (engine.ts, tables.ts) decides when to fetch again.
import type { PlumeEnvironment } from '../db';
import type { Subject } from '../../domain/rights';
import type { ChangesFetcher } from './table-sync';

export interface FetchContext {
  companyId: number;
  userId: number;
  signal: AbortSignal;
}

export interface ServerDataset<P, T> {
  /** Unique name; also the `dataset` of its rows in the snapshots table. */
  key: string;
  fetch: (params: P, ctx: FetchContext) => Promise<T>;
  /**
   * 'device': the last answer is kept in IndexedDB (snapshots table) and read offline with its age.
   * 'memory': kept for the page's life only — for what must not be written on the device (an
   * IBAN, the administrators' platform figures) and for paged searches (one copy per query would
   * fill the device with pages nobody reopens offline).
   */
  keep: 'device' | 'memory';
  /** A copy younger than this is not fetched again when a screen opens (default 0: always, online). */
  maxAgeMs?: number;
  /** Outbox kinds (prefix before the dot, e.g. 'invoice') whose success makes the answer stale. */
  refreshAfter?: readonly string[];
  /**
   * Fetched when a screen opens it and on refresh() only, never in the background: what the screen
   * copies into its own state once (an editor's document) must not change under the user.
   */
  manual?: boolean;
  /** Dropped from memory as soon as no screen shows it (large answers: a file's content). */
  forgetOnLeave?: boolean;
  /** Its fetch falls back to a copy on the device by itself (older api functions): called offline too. */
  readsDevice?: boolean;
  /** false: the same answer whatever the current company (kept under company 0). */
  perCompany?: boolean;
  /** Re-fetched this often while a screen shows it and the page is visible. */
  pollMs?: number;
}

/** The parameters of a dataset that has none (null means "nothing to read yet" to useServerData). */
export type NoParams = Record<string, never>;
export const NO_PARAMS: NoParams = {};

/**
 * A `maxAgeMs` for answers a sign-in prefetch also fetches: a screen opened within seconds of it
 * reads its answer instead of asking again (decision 058).
 */
export const JUST_FETCHED_MS = 10_000;

/** A conditional read's answer: 'unchanged' (304 to the copy's ETag), or the answer and its ETag. */
export type ConditionalAnswer =
  { status: 'unchanged' } | { status: 'changed'; data: PlumeEnvironment; etag: string | null };
/** etag: the copy's (null without a copy). */
export type ConditionalFetcher = (companyId: number, etag: string | null) => Promise<ConditionalAnswer>;

/**
 * keep 'table': the company's whole list kept in Dexie (decision 082) — customers, articles,
 * invoices, quotes, cash registers, accounting exercises, the invoicing environment. Refreshed as a
 * whole, in one transaction (tables.ts): after sign-in, on company change, when back online, when
 * a screen opens it (useTablesOnOpen) and after the outbox applied a change of `refreshAfter`.
 */
export interface TableDataset<T = unknown> {
  /** The Dexie table of the same name (db.ts LIST_TABLES, 'environment'), else the `dataset` of its rows in `records`. */
  key: string;
  keep: 'table';
  /** The whole list. */
  fetch?: (companyId: number) => Promise<T[]>;
  /** Customers and articles: changes since the company's cursor instead of the whole list (decision 027). */
  changes?: ChangesFetcher<T>;
  /** The environment: one answer per company, asked with the copy's ETag (decision 027). */
  fetchIfChanged?: ConditionalFetcher;
  /** A row's key in its table (not needed with fetchIfChanged). */
  rowKey?: (row: T) => string | number;
  /** Search text (folded); defaults per table (db.ts rowLabel). */
  label?: (row: T) => string;
  /**
   * Whether the signed-in user may read it in the current company (the server's own right on its
   * endpoint): without it, no request. Unset: everyone.
   */
  readable?: (subject: Subject) => boolean;
  /** Outbox kinds (prefix before the dot, e.g. 'invoice') whose success refreshes the table. */
  refreshAfter?: readonly string[];
}

export function defineServerData<P, T>(def: ServerDataset<P, T>): ServerDataset<P, T>;
export function defineServerData<T>(def: TableDataset<T>): TableDataset<T>;
export function defineServerData<P, T>(def: ServerDataset<P, T> | TableDataset<T>) {
  return def;
}

/** Parameters as a stable key: the same values in another order give the same key. */
export function paramsKey(params: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(params ?? null));
}

/** Why the last fetch failed: the server's status and French message, or null when unreachable. */
export interface SyncError {
  httpStatus: number | null;
  message: string | null;
}

export type SyncStatus = 'idle' | 'refreshing' | 'fresh' | 'offline' | 'error';
