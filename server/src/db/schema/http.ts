import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The HTTP layer's table (server/src/http/idempotency.ts), no module's.

/** First response stored per (user, key) so a replayed mutation is never applied twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    /** The company the request acted for (0: a route outside any company): a key never crosses companies. */
    companyId: integer('company_id').notNull().default(0),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** 0 while a handler with an outside effect (a mail) is under way: see reserveIdempotencyKey. */
    status: integer('status').notNull(),
    contentType: text('content_type'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);
