import Dexie, { type Table, type Transaction } from 'dexie';
import { searchKey } from '../domain/search-text';
import { getSession } from '../lib/session';
import { reviveFileBytes } from './file-bytes';
import type { OutboxEntry } from './outbox-types';

// Dexie turns its debug mode on by itself when the page's address is localhost or 127.0.0.1 (as with
// `npm start`, the tests and the benches): every table operation then creates a console task, which
// captures a stack trace. That made the app measurably slower there than on a real domain (a tenth
// of a repeat visit's start, decision 035); the same code runs everywhere.
Dexie.debug = false;

/** The invoice environment as GET /api/environment/plume returns it (kept whole, read by the screens). */
export interface PlumeEnvironment {
  invoice: Record<string, unknown>;
  accounting: { exercises: Array<{ dateStart: string; dateEnd: string }> } & Record<string, unknown>;
  general: { ledgers: unknown[] } & Record<string, unknown>;
  estimate: { items: unknown[] } & Record<string, unknown>;
  company?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface EnvironmentRow {
  companyId: number;
  data: PlumeEnvironment;
  fetchedAt: number;
}
/** One cached list row; `label` (v2) is the folded search key (src/domain/search-text). */
export interface CachedRow<T = unknown> {
  companyId: number;
  id: string | number;
  data: T;
  label: string;
  /** A document opened recently (invoices, quotes): its full detail, kept across list refreshes. */
  detail?: unknown;
  openedAt?: number;
}
/** Rows of table datasets with no table of their own (src/data/sync/tables.ts), and kept records. */
export interface RecordRow<T = unknown> extends CachedRow<T> {
  dataset: string;
}
export interface MetaRow {
  companyId: number;
  dataset: string;
  fetchedAt: number;
  count: number;
  /** Customers, articles: where the next sync starts (GET /api/sync/…, decision 027); none: every row. */
  cursor?: string;
  /** The environment: the ETag of the copy, sent as If-None-Match (decision 027). */
  etag?: string;
  /** Notifications: how many are unread on the server, beyond the latest ten the copy holds. */
  unread?: number;
  /**
   * Notifications read on this device that the server's answers have not yet shown read (id → when):
   * an answer fetched before the read reached the server must not mark them unread again.
   */
  readHere?: Record<number, string>;
}
/** A quote/invoice drafted locally; it stays until the server has confirmed it (screens own its shape). */
export interface DraftRow<T = unknown> {
  key: string;
  companyId: number;
  kind: string;
  data: T;
  updatedAt: number;
}
export interface IdMapRow {
  tempId: string;
  serverId: string | number;
  createdAt: number;
}
/** v3: the last answer of a server read (src/data/sync), per dataset, company and parameters. */
export interface SnapshotRow<T = unknown> {
  dataset: string;
  companyId: number;
  params: string;
  data: T;
  fetchedAt: number;
}

export const LIST_TABLES = ['customers', 'articles', 'invoices', 'quotes', 'notifications', 'cashRegisters'] as const;
export type ListTable = (typeof LIST_TABLES)[number];

// Version 1: the first shipped layout. Never edit it: a device may still hold a v1 database.
export const SCHEMA_V1: Record<string, string> = {
  environment: 'companyId',
  customers: '[companyId+id], companyId',
  articles: '[companyId+id], companyId',
  invoices: '[companyId+id], companyId',
  quotes: '[companyId+id], companyId',
  notifications: '[companyId+id], companyId',
  cashRegisters: '[companyId+id], companyId',
  drafts: 'key, companyId, updatedAt',
  outbox: 'id, &seq, state, docKey',
  idMap: 'tempId',
  meta: '[companyId+dataset]',
};

// Version 2: offline search. Customers and articles get a folded `label` with a [companyId+label]
// index (sorted, prefix search without loading 10 000 rows); datasets of other modules get a table.
export const SCHEMA_V2: Record<string, string> = {
  ...SCHEMA_V1,
  customers: '[companyId+id], companyId, [companyId+label]',
  articles: '[companyId+id], companyId, [companyId+label]',
  outbox: 'id, &seq, state, docKey, createsTempId',
  records: '[dataset+companyId+id], [dataset+companyId]',
};

// Version 3: one read pattern (decision 022). Answers of server reads that have no table of their
// own (dashboard figures, a customer's sheet…) are kept as snapshots. The dashboard's two answers,
// kept in `records` until then, move there so the figures stay readable offline after the update.
export const SCHEMA_V3: Record<string, string> = {
  ...SCHEMA_V2,
  snapshots: '[dataset+companyId+params], [dataset+companyId]',
};

/** The search text of a cached row, per table (customers by social reason/name/account, articles by code/designation/label). */
export function rowLabel(table: string, data: unknown): string {
  const d = (data ?? {}) as Record<string, unknown>;
  const text = (...keys: string[]) =>
    keys
      .map((k) => (typeof d[k] === 'string' || typeof d[k] === 'number' ? String(d[k]) : ''))
      .filter(Boolean)
      .join(' ');
  if (table === 'customers') return searchKey(text('socialReason', 'name', 'accountNumber'));
  if (table === 'articles') return searchKey(text('code', 'designation', 'label'));
  return searchKey(text('label', 'number', 'designation', 'name'));
}

async function upgradeToV2(tx: Transaction): Promise<void> {
  for (const table of ['customers', 'articles', 'invoices', 'quotes', 'notifications', 'cashRegisters']) {
    await tx
      .table(table)
      .toCollection()
      .modify((row: CachedRow) => {
        row.label = rowLabel(table, row.data);
      });
  }
}

/** Datasets of the `records` table that became snapshots in v3 (one answer each, no parameters: '{}'). */
export const MOVED_TO_SNAPSHOTS = ['invoiceDashboard', 'invoiceAgeing'];

async function upgradeToV3(tx: Transaction): Promise<void> {
  for (const dataset of MOVED_TO_SNAPSHOTS) {
    const rows = await tx
      .table<RecordRow>('records')
      .where('[dataset+companyId]')
      .between([dataset, -Infinity], [dataset, Infinity])
      .toArray();
    for (const row of rows) {
      const meta = await tx.table<MetaRow>('meta').get([row.companyId, dataset]);
      await tx
        .table('snapshots')
        .put({ dataset, companyId: row.companyId, params: '{}', data: row.data, fetchedAt: meta?.fetchedAt ?? 0 });
    }
    await tx.table('records').where('[dataset+companyId]').between([dataset, -Infinity], [dataset, Infinity]).delete();
  }
}

export class WorkplaceDb extends Dexie {
  environment!: Table<EnvironmentRow, number>;
  customers!: Table<CachedRow, [number, string | number]>;
  articles!: Table<CachedRow, [number, string | number]>;
  invoices!: Table<CachedRow, [number, string | number]>;
  quotes!: Table<CachedRow, [number, string | number]>;
  notifications!: Table<CachedRow, [number, string | number]>;
  cashRegisters!: Table<CachedRow, [number, string | number]>;
  records!: Table<RecordRow, [string, number, string | number]>;
  drafts!: Table<DraftRow, string>;
  outbox!: Table<OutboxEntry, string>;
  idMap!: Table<IdMapRow, string>;
  meta!: Table<MetaRow, [number, string]>;
  snapshots!: Table<SnapshotRow, [string, number, string]>;

  constructor(name: string) {
    super(name);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2).upgrade(upgradeToV2);
    this.version(3).stores(SCHEMA_V3).upgrade(upgradeToV3);
    // Files WebKit could not store as Blobs are kept as bytes (file-bytes.ts): read back as Blobs.
    this.outbox.hook('reading', reviveFileBytes);
  }
}

export const dbNameFor = (userId: number) => `workplace-${userId}`;

let current: { userId: number; db: WorkplaceDb } | null = null;

/** The database of this user (one per user: another user on the device opens another one). */
export function userDb(userId: number): WorkplaceDb {
  if (current?.userId === userId) return current.db;
  current?.db.close();
  current = { userId, db: new WorkplaceDb(dbNameFor(userId)) };
  return current.db;
}

/** Closes and deletes the user's database (sign-out on a shared tablet). */
export async function deleteUserDb(userId: number): Promise<void> {
  if (current?.userId === userId) {
    current.db.close();
    current = null;
  }
  await Dexie.delete(dbNameFor(userId));
}

/** The signed-in user's database, or null when signed out. */
export function currentDb(): WorkplaceDb | null {
  const id = getSession()?.profile.id;
  return id == null ? null : userDb(id);
}

export function closeUserDb(): void {
  current?.db.close();
  current = null;
}
