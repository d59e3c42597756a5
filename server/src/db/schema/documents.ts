import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users, companies } from './users';

// Documents and their categories (DOC-1, DOC-4). File bytes live in the content-addressed
// store (sha256): these rows are the metadata, and two rows may share one stored file.

/** A document the firm filed for a company (GED). */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** searchKey(name + category path): case- and accent-blind search (src/domain/search-text). */
    searchKey: text('search_key').notNull(),
    /** Who deposited the file (the client for a filed deposit, the firm user otherwise). */
    depositedBy: integer('deposited_by').references(() => users.id, { onDelete: 'set null' }),
    depositId: integer('deposit_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('documents_company_category_idx').on(t.companyId, t.categoryId),
    index('documents_sha_idx').on(t.sha256),
  ],
);

/** "Read or not", per user: opening or downloading a document marks it read for that user. */
export const documentReads = pgTable(
  'document_reads',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] })],
);

/** PUT /api/ged/category/{id}/last: the user's last category with its facet and headings. */
export const gedCategoryLast = pgTable(
  'ged_category_last',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    facet: text('facet'),
    headings: jsonb('headings').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);
