import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AppRight } from '../../../../src/domain/rights';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    firstName: text('first_name').notNull(),
    userType: integer('user_type').notNull().default(2),
    passwordHash: text('password_hash').notNull(),
    lastCompanyId: integer('last_company_id'),
    /** 'local' (password stored here, hashed) or 'ldap' (the directory checks it; nothing stored). */
    authSource: text('auth_source').notNull().default('local'),
    /**
     * Set when the user loses access (removed from their last company, or disabled by a manager):
     * their sessions are revoked and sign-in answers 403. The row stays (issue 16: 10-year retention
     * of what they validated), so it is never deleted.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    // Issue 16: a login is unique whatever its case (sign-in matches it case-blind); the database
    // holds the rule so two managers creating « Paul » and « paul » at once cannot both succeed.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
  ],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  numberInvoiceValidateMonth: integer('number_invoice_validate_month'),
  subscriptionInvoice: text('subscription_invoice'),
  gedUserRight: boolean('ged_user_right').notNull().default(true),
  // Seller identity printed on invoices (french-rules.md).
  legalForm: text('legal_form'),
  shareCapital: text('share_capital'),
  address: text('address'),
  postalCode: text('postal_code'),
  city: text('city'),
  siren: text('siren'),
  siret: text('siret'),
  rcs: text('rcs'),
  vatNumber: text('vat_number'),
  email: text('email'),
  phone: text('phone'),
  logo: text('logo'),
  // Bank details printed on invoices paid by transfer (decision 012), stored compact (no spaces).
  iban: text('iban'),
  bic: text('bic'),
  // Issue 18, legal details (french-rules.md): a sole trader prints « EI » after the name; the
  // late-payment rate printed (null: three times the legal interest rate); VAT paid on debits
  // (« Option pour le paiement de la taxe d'après les débits »), the default of each invoice.
  soleTrader: boolean('sole_trader').notNull().default(false),
  latePenaltyRate: text('late_penalty_rate'),
  vatOnDebits: boolean('vat_on_debits').notNull().default(false),
  /** A company that leaves is archived, never deleted: its invoices, PDFs and documents stay 10 years. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership of a company carries that user's rights there (spec 3, 6). */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appRights: jsonb('app_rights').$type<AppRight[]>().notNull().default([]),
    categories: jsonb('categories').$type<number[]>().notNull().default([]),
    categoriesInbox: jsonb('categories_inbox').$type<number[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('memberships_company_idx').on(t.companyId)],
);

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
