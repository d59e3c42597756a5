import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

// The auth module's tables: sessions, sign-in attempts and password reset links.

/** Bearer tokens: only their SHA-256 is stored, so a database leak gives no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Throttled events (sign-in attempts, reset mails, current-password checks), kept in the database
 * so limits survive restarts. `failed` false = an attempt still being checked (modules/auth/throttle.ts).
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    address: text('address').notNull(),
    failed: boolean('failed').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('throttle_events_subject_idx').on(t.kind, t.subject, t.at),
    index('throttle_events_address_idx').on(t.kind, t.address, t.at),
    index('throttle_events_at_idx').on(t.at),
  ],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
