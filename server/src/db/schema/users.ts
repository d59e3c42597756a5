import { sql } from 'drizzle-orm';
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
import type { AppRight } from '../../../../src/domain/rights';

// The users module's tables: people, companies and memberships (a user's rights in a company).

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
     * their sessions are revoked and sign-in answers 403. The row stays (decision 040: 10-year retention
     * of what they validated), so it is never deleted.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    // A login is unique whatever its case (sign-in matches it case-blind); the database
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
  // Legal details (french-rules.md, decision 046): a sole trader prints « EI » after the name; the
  // late-payment rate printed (null: three times the legal interest rate); VAT paid on debits
  // (« Option pour le paiement de la taxe d'après les débits »), the default of each invoice.
  soleTrader: boolean('sole_trader').notNull().default(false),
  latePenaltyRate: text('late_penalty_rate'),
  vatOnDebits: boolean('vat_on_debits').notNull().default(false),
  /** A company that leaves is archived, never deleted: its invoices, PDFs and documents stay 10 years. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership of a company carries that user's rights there (RIGHTS-1, USER-4). */
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
