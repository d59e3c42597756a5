import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  primaryKey,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './users';

// The catalogue (ENV-1, ART-1, CUS-1): the company's invoicing environment, its article catalogue and its
// customers. Every table is company-scoped; money and rates are numeric (strings in Drizzle).

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The transaction that last wrote the row (decision 027: changes since a cursor); set again by every update. */
export const currentXid = () => sql<number>`pg_current_xact_id()::text::bigint`;
const syncXid = () => bigint('sync_xid', { mode: 'number' }).notNull().default(currentXid());

export const vatRates = pgTable(
  'vat_rates',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('vat_rates_company_rate_uq').on(t.companyId, t.rate)],
);

export const salesAccounts = pgTable(
  'sales_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    number: text('number').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('sales_accounts_company_number_uq').on(t.companyId, t.number)],
);

/** Lists of labels the forms offer (units, means of payment, VAT clauses, civilities): kept in id order. */
const labelList = (name: string) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      companyId: companyId(),
      label: text('label').notNull(),
    },
    (t) => [uniqueIndex(`${name}_company_label_uq`).on(t.companyId, t.label)],
  );

export const units = labelList('units');
export const meansOfPayment = labelList('means_of_payment');
export const vatClauses = labelList('vat_clauses');
export const civilities = labelList('civilities');

export const exercises = pgTable(
  'exercises',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [uniqueIndex('exercises_company_start_uq').on(t.companyId, t.dateStart)],
);

export const ledgers = pgTable(
  'ledgers',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    code: text('code').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('ledgers_company_code_uq').on(t.companyId, t.code)],
);

export const ITEMS_CODE_UNIQUE = 'items_company_code_uq';

/** Catalogue articles. sort_key makes the order of ART-8 (Standard first, then code, '2' before '10') an index scan. */
export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    code: text('code').notNull(),
    type: text('type').notNull().default('Standard'),
    designation: text('designation').notNull().default(''),
    /** Decoded text. */
    label: text('label').notNull().default(''),
    /** encodeLabel64(label), written with it: the environment sends 10 000 of them without re-encoding. */
    label64: text('label64').notNull().default(''),
    salesAccount: text('sales_account'),
    unitMeasurement: text('unit_measurement'),
    unitPriceHT: numeric('unit_price_ht', { precision: 14, scale: 2 }).notNull().default('0'),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Written with the domain's ttcFromHt, so no rounding rule lives in SQL. */
    ttc: numeric('ttc', { precision: 14, scale: 2 }).notNull().default('0'),
    typePurchaseSale: text('type_purchase_sale').notNull().default('Vente'),
    sortKey: text('sort_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    syncXid: syncXid(),
  },
  (t) => [
    uniqueIndex(ITEMS_CODE_UNIQUE).on(t.companyId, t.code),
    index('items_company_sync_idx').on(t.companyId, t.syncXid, t.id),
    // COLLATE "C" (bytes) is the order the key is made for, whatever the database's collation.
    index('items_company_sort_idx').on(t.companyId, sql`${t.sortKey} collate "C"`, t.id),
  ],
);

export const CUSTOMERS_ACCOUNT_UNIQUE = 'customers_company_account_uq';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountNumber: text('account_number').notNull(),
    socialReason: text('social_reason').notNull(),
    name: text('name'),
    civility: text('civility'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country').notNull().default('France'),
    /** Alternate billing addresses offered on invoices and quotes. */
    billingAddresses: jsonb('billing_addresses').$type<string[]>().notNull().default([]),
    deliveryAddress: text('delivery_address'),
    email: text('email'),
    phone: text('phone'),
    siren: text('siren'),
    vatNumber: text('vat_number'),
    /**
     * Decision 085: « Adresse de facturation électronique » (BT-49 of its e-invoices), a pair scheme +
     * identifier; both null: derived from the SIREN (scheme 0225) or the e-mail when the invoice is written.
     */
    electronicAddressScheme: text('electronic_address_scheme'),
    electronicAddress: text('electronic_address'),
    paymentMode: text('payment_mode'),
    /** Days; null means the 30-day default of the rulebook. */
    paymentDelay: integer('payment_delay'),
    isBusiness: boolean('is_business').notNull().default(true),
    /** Decision 046: a customer named on a validated invoice is archived (hidden from choices), never deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    syncXid: syncXid(),
  },
  (t) => [
    uniqueIndex(CUSTOMERS_ACCOUNT_UNIQUE).on(t.companyId, t.accountNumber),
    index('customers_company_sync_idx').on(t.companyId, t.syncXid, t.id),
  ],
);

/**
 * Tombstones of deleted (or renumbered) customers and articles, one per key (decision 027): the
 * changes-since answers name them so a device drops its copy. key: the account number, or the
 * article id as text.
 */
export const syncDeletions = pgTable(
  'sync_deletions',
  {
    companyId: companyId(),
    kind: text('kind').$type<'customers' | 'items'>().notNull(),
    key: text('key').notNull(),
    syncXid: syncXid(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.key] }),
    index('sync_deletions_company_sync_idx').on(t.companyId, t.kind, t.syncXid),
  ],
);
