import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users, companies } from './users';

// The inbox's tables (INBOX-3): deposits and the firm's batches. File bytes live in the
// content-addressed store (sha256), as documents' do.

/** A file deposited in the company's inbox ("Ma bannette"), until the firm files it. */
export const inboxDeposits = pgTable(
  'inbox_deposits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    searchKey: text('search_key').notNull(),
    /** deposited → queued → processing → done (src/domain/deposits.ts). */
    status: text('status').notNull().default('deposited'),
    batchId: integer('batch_id'),
    documentId: integer('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('inbox_company_created_idx').on(t.companyId, t.createdAt),
    index('inbox_user_idx').on(t.userId),
    index('inbox_batch_idx').on(t.batchId),
    index('inbox_sha_idx').on(t.sha256),
  ],
);

/** The firm takes deposited files into processing as one batch. */
export const depositBatches = pgTable(
  'deposit_batches',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('batches_company_idx').on(t.companyId)],
);
