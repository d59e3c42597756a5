import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './core';

/** When the user last hovered the bell in a company: the badge counts what arrived since (spec 2.5). */
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
