import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Exercise } from '../../../../src/domain/types';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { ApiArticle } from './article-input';
import { toApiCustomer } from './customer-input';
import { customerOrder, type ApiCustomer } from './customers-service';
import { insertInvoicingDefaults } from './defaults';
import { catalogueJsonQuery } from './article-json';
import { companyIdentityJson } from '../users/service';

// GET /api/environment/plume (ENV-1): loaded once per company at sign-in
// and on company change, so it is three statements whatever the catalogue size: every small
// list in one row built by Postgres, the catalogue as one JSON text, then the customers.
// Closed exercises are history: the invoice checks judge against the open ones (as the
// invoices module does).

export interface Lookups {
  vatRates: number[];
  accountsSale: Array<{ number: string; label: string }>;
  unitsMeasurement: Array<{ label: string }>;
  civilities: string[];
  meansOfPayment: string[];
  VAT_clauses: string[];
  exercises: Exercise[];
  ledgers: Array<{ id: number; code: string; label: string }>;
  /** companyIdentityJson's (users module). */
  company: CompanyIdentity & { logo: string | null };
}

export interface CompanyIdentity {
  id: number;
  label: string;
  legalForm: string | null;
  shareCapital: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  siren: string | null;
  siret: string | null;
  rcs: string | null;
  vatNumber: string | null;
  email: string | null;
  phone: string | null;
  subscriptionInvoice: string | null;
  numberInvoiceValidateMonth: number | null;
  /** Bank details, printed on invoices paid by transfer (also offline, by the browser's preview). */
  iban: string | null;
  bic: string | null;
  /** Decision 046: « EI » after the name; the late-payment rate (null: 3× the legal rate); VAT on debits by default. */
  soleTrader: boolean;
  latePenaltyRate: string | null;
  vatOnDebits: boolean;
}

export interface InvoicingEnvironment {
  invoice: {
    vatRates: number[];
    accountsSale: Lookups['accountsSale'];
    unitsMeasurement: Lookups['unitsMeasurement'];
    civilities: string[];
    logo: string | null;
    meansOfPayment: string[];
    VAT_clauses: string[];
    customers: ApiCustomer[];
    items: ApiArticle[];
    UnitMeasurementManagement: boolean;
  };
  accounting: { exercises: Exercise[] };
  general: { ledgers: Lookups['ledgers'] };
  estimate: { items: ApiArticle[] };
  company: CompanyIdentity;
}

const list = (select: ReturnType<typeof sql>) => sql`coalesce((${select}), '[]'::json)`;

function lookupsQuery(companyId: number) {
  const labels = (table: string) =>
    list(sql`select json_agg(t.label order by t.id) from ${sql.identifier(table)} t where t.company_id = ${companyId}`);
  return sql`select
    ${list(sql`select json_agg(t.rate::float8 order by t.rate desc) from vat_rates t where t.company_id = ${companyId}`)} as "vatRates",
    ${list(sql`select json_agg(json_build_object('number', t.number, 'label', t.label) order by t.number) from sales_accounts t where t.company_id = ${companyId}`)} as "accountsSale",
    ${list(sql`select json_agg(json_build_object('label', t.label) order by t.id) from units t where t.company_id = ${companyId}`)} as "unitsMeasurement",
    ${labels('civilities')} as "civilities",
    ${labels('means_of_payment')} as "meansOfPayment",
    ${labels('vat_clauses')} as "VAT_clauses",
    ${list(sql`select json_agg(json_build_object('dateStart', t.date_start, 'dateEnd', t.date_end) order by t.date_start desc) from exercises t where t.company_id = ${companyId} and not t.closed`)} as "exercises",
    ${list(sql`select json_agg(json_build_object('id', t.id, 'code', t.code, 'label', t.label) order by t.code) from ledgers t where t.company_id = ${companyId}`)} as "ledgers",
    ${companyIdentityJson(companyId)} as "company"`;
}

async function loadLookups(db: Db, companyId: number): Promise<Lookups> {
  const result = await db.execute<Record<keyof Lookups, unknown>>(lookupsQuery(companyId));
  const lookups = result.rows[0] as unknown as Lookups;
  return lookups;
}

async function loadCatalogueJson(db: Db, companyId: number): Promise<string> {
  const result = await db.execute<{ json: string }>(catalogueJsonQuery(companyId));
  return result.rows[0].json;
}

/** What the reader may see (can(…, 'readCustomers' | 'readArticles')): a list the user may not read comes back empty. */
export interface EnvironmentScope {
  customers: boolean;
  articles: boolean;
}

/**
 * The small lists and the company (every list of labels, the exercises, the ledgers, the seller),
 * one statement. A company created after the seed has no sales ledger yet: it gets the French
 * defaults on its first read.
 */
export async function loadEnvironmentLookups(db: Db, companyId: number, today: string): Promise<Lookups> {
  const lookups = await loadLookups(db, companyId);
  if (lookups.ledgers.length > 0) return lookups;
  await insertInvoicingDefaults(db, [companyId], today);
  return loadLookups(db, companyId);
}

/**
 * What the lists of the environment are now, without reading them (decision 027): per list, the
 * row count and a sum of hashes of (row id, writing transaction). Any insert, update or delete
 * changes it: ids are never reused and every write stamps a new transaction id.
 */
export async function listsVersion(db: Db, companyId: number, scope: EnvironmentScope): Promise<string> {
  if (!scope.articles && !scope.customers) return '-/-'; // lists=none, or no right to either: no query
  const version = (table: 'items' | 'customers') =>
    sql`(select count(*) || '.' || coalesce(sum(hashint8extended(t.sync_xid * 1000003 + t.id, 0)::numeric), 0)
      from ${sql.identifier(table)} t where t.company_id = ${companyId})`;
  const result = await db.execute<{ items: string | null; customers: string | null }>(
    sql`select ${scope.articles ? version('items') : sql`null`} as "items", ${scope.customers ? version('customers') : sql`null`} as "customers"`,
  );
  const row = result.rows[0]!;
  return `${row.items ?? '-'}/${row.customers ?? '-'}`;
}

/**
 * The weak ETag of an environment answer: a hash of everything it carries (the small lists and
 * the company as read, which lists the reader gets, and their version). Weak: the bytes differ
 * once compressed; the content is the same.
 */
export function environmentEtag(lookups: Lookups, scope: EnvironmentScope, version: string): string {
  const hash = createHash('sha256')
    .update(`${Number(scope.customers)}${Number(scope.articles)}|${version}|`)
    .update(JSON.stringify(lookups))
    .digest('base64url')
    .slice(0, 32);
  return `W/"${hash}"`;
}

/** The environment as JSON text (InvoicingEnvironment): the catalogue text goes in as Postgres wrote it. */
export async function loadEnvironmentJson(
  db: Db,
  companyId: number,
  lookups: Lookups,
  scope: EnvironmentScope,
): Promise<string> {
  const [catalogue, customerRows] = await Promise.all([
    scope.articles ? loadCatalogueJson(db, companyId) : '[]',
    scope.customers
      ? db
          .select()
          .from(customers)
          .where(eq(customers.companyId, companyId))
          .orderBy(...customerOrder)
      : [],
  ]);
  const { logo, ...company } = lookups.company;
  const invoice: Omit<InvoicingEnvironment['invoice'], 'items'> = {
    vatRates: lookups.vatRates,
    accountsSale: lookups.accountsSale,
    unitsMeasurement: lookups.unitsMeasurement,
    civilities: lookups.civilities,
    logo: logo ?? null,
    meansOfPayment: lookups.meansOfPayment,
    VAT_clauses: lookups.VAT_clauses,
    customers: customerRows.map(toApiCustomer),
    UnitMeasurementManagement: lookups.unitsMeasurement.length > 0,
  };
  // Quotes use the same catalogue as invoices (estimate.items).
  const invoiceJson = `${JSON.stringify(invoice).slice(0, -1)},"items":${catalogue}}`;
  return (
    `{"invoice":${invoiceJson},"accounting":${JSON.stringify({ exercises: lookups.exercises })},` +
    `"general":${JSON.stringify({ ledgers: lookups.ledgers })},"estimate":{"items":${catalogue}},"company":${JSON.stringify(company)}}`
  );
}
