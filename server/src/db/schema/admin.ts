import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './users';

/**
 * Decision 040: every change a manager makes to a user's access in a company (creation, rights,
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
