import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './users';

/**
 * A notification (NOTIF-1): type 1 = a document was filed (documentId set), type 2 = an
 * information request. Created by the modules; the notification screens read them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    label: text('label').notNull(),
    documentId: integer('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_company_idx').on(t.userId, t.companyId, t.createdAt)],
);

/** When the user last hovered the bell in a company: the badge counts what arrived since (NOTIF-2). */
export const notificationSeen = pgTable(
  'notification_seen',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/**
 * Decision 042: per user and company, which notifications are created (type 1 documents, type 2
 * information requests) and whether unread ones are mailed once a day. No row = all on, no digest.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    documents: boolean('documents').notNull().default(true),
    requests: boolean('requests').notNull().default(true),
    digest: boolean('digest').notNull().default(false),
    /** When the last digest mail went out: one a day at most. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);
