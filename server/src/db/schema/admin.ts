import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './core';

/**
 * Issue 16: every change a manager makes to a user's access in a company (creation, rights,
 * removal, disabling), with the state before and after. Append-only; readable by the company's
 * managers. No foreign key to users: the log outlives anything it names.
 */
export const rightsAudit = pgTable(
  'rights_audit',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    actorId: integer('actor_id').notNull(),
    targetId: integer('target_id').notNull(),
    /** 'create' | 'rights' | 'remove' | 'disable' | 'enable' */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rights_audit_company_idx').on(t.companyId, t.at)],
);

/**
 * Issue 16: per user and company, which notifications are created (type 1 documents, type 2
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
