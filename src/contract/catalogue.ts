import { z } from 'zod';
import { compactBankCode } from '../domain/bank-details';
import { endpoint } from './endpoint';
import { isoDateText, listQuery, page, safeText } from './common';

// The catalogue (ART-1, CUS-1, ENV-1): the article catalogue, the customers, the environment, the bank
// details of a company.

// ── Articles ─────────────────────────────────────────────────────────────────────────────────
const amount = z.union([z.number().min(-1e11).max(1e11), z.string().max(40)]).nullish();

/** What POST/PUT /api/items accept (ART-2: the label travels as label64, the unit as { label }). */
export const articleBody = z.object({
  code: safeText(50),
  type: safeText(30).default('Standard'),
  designation: safeText(500).nullish(),
  label64: z.string().max(40_000).optional(),
  /** Plain text, read only when label64 is absent. */
  label: z.string().max(20_000).optional(),
  salesAccount: safeText(30).nullish(),
  unitMeasurement: z.object({ label: safeText(50) }).nullish(),
  unitPriceHT: amount,
  vatRate: z.union([z.number().min(-1000).max(100), z.string().max(20)]).nullish(),
  typePurchaseSale: safeText(30).nullish(),
});
export type ArticleBody = z.output<typeof articleBody>;

/** An article as every answer carries it: decoded label and label64, amounts as numbers, ht = unitPriceHT. */
export const apiArticle = z.object({
  id: z.number(),
  code: z.string(),
  type: z.string(),
  designation: z.string(),
  label: z.string(),
  label64: z.string(),
  salesAccount: z.string(),
  unitMeasurement: z.object({ label: z.string() }).nullable(),
  unitPriceHT: z.number(),
  vatRate: z.number(),
  ttc: z.number(),
  ht: z.number(),
  typePurchaseSale: z.string(),
});
export type ApiArticle = z.output<typeof apiArticle>;

const items = 'Articles';
const itemRight = { 403: 'Droits insuffisants' };

export const listItems = endpoint({
  method: 'get',
  path: '/items',
  tag: items,
  query: listQuery,
  summary: 'Articles de la société (Standard d’abord, puis par code), recherche et pagination',
  responses: { 200: page(apiArticle) },
  errors: itemRight,
});

export const createItem = endpoint({
  method: 'post',
  path: '/items',
  tag: items,
  offline: 'queue',
  body: articleBody,
  summary: 'Crée un article (libellé en base64 dans label64)',
  responses: { 201: apiArticle },
  errors: { 409: 'Un article avec ce code existe déjà !', 422: 'Règles de l’article non respectées' },
});

export const updateItem = endpoint({
  method: 'put',
  path: '/items/:id',
  tag: items,
  offline: 'queue',
  body: articleBody,
  summary: 'Modifie un article',
  responses: { 200: apiArticle },
  errors: {
    404: 'Article introuvable',
    409: 'Un article avec ce code existe déjà !',
    422: 'Règles de l’article non respectées',
  },
});

export const deleteItem = endpoint({
  method: 'delete',
  path: '/items/:id',
  tag: items,
  offline: 'queue',
  summary: 'Supprime un article',
  responses: { 204: null },
  errors: { 404: 'Article introuvable' },
});

// ── Customers ────────────────────────────────────────────────────────────────────────────────
// The customer on the wire: the spec's names (adress, payementMode, payementDelay), renamed to the
// domain's by src/domain/wire-names.ts where JSON enters or leaves.
const optionalText = (max: number) => safeText(max).nullish();

export const customerBody = z.object({
  accountNumber: optionalText(30),
  socialReason: optionalText(200),
  name: optionalText(200),
  civility: optionalText(30),
  adress: optionalText(500),
  postalCode: optionalText(20),
  city: optionalText(100),
  country: optionalText(100),
  billingAddresses: z.array(safeText(500)).max(20).nullish(),
  deliveryAddress: optionalText(500),
  email: optionalText(254),
  phone: optionalText(40),
  siren: optionalText(20),
  vatNumber: optionalText(30),
  /** Decision 085: « Adresse de facturation électronique »: scheme (0225, EM…) and identifier. */
  electronicAddressScheme: optionalText(10),
  electronicAddress: optionalText(200),
  payementMode: optionalText(100),
  payementDelay: z.number().nullish(),
  isBusiness: z.boolean().nullish(),
});
export type CustomerBody = z.output<typeof customerBody>;

/**
 * A customer as every answer carries it. One null convention: texts are never null ('' when
 * empty, so forms bind them directly); payementDelay null means the 30-day default.
 */
export const apiCustomer = z.object({
  id: z.number(),
  accountNumber: z.string(),
  socialReason: z.string(),
  name: z.string(),
  civility: z.string(),
  adress: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  billingAddresses: z.array(z.string()),
  deliveryAddress: z.string(),
  email: z.string(),
  phone: z.string(),
  siren: z.string(),
  vatNumber: z.string(),
  /** Decision 085: '' and '' when none is set (the e-invoice then uses the SIREN, scheme 0225, or the e-mail). */
  electronicAddressScheme: z.string(),
  electronicAddress: z.string(),
  payementMode: z.string(),
  payementDelay: z.number().nullable(),
  isBusiness: z.boolean(),
  /** Decision 046: archived (named on a validated invoice, so never deleted): hidden from the choices. */
  archived: z.boolean(),
});
export type ApiCustomer = z.output<typeof apiCustomer>;

const customers = 'Clients';
const DUPLICATE = 'Un client avec ce numéro de compte existe déjà.';

export const listCustomers = endpoint({
  method: 'get',
  path: '/customers',
  tag: customers,
  query: listQuery,
  summary: 'Clients de la société (recherche : numéro de compte, raison sociale, nom, ville, e-mail)',
  responses: { 200: page(apiCustomer) },
});

export const getCustomer = endpoint({
  method: 'get',
  path: '/customers/:accountNumber',
  tag: customers,
  summary: 'Un client par son numéro de compte (gestion des clients, ou rédaction de factures ou de devis)',
  responses: { 200: apiCustomer },
  errors: { 403: 'Droits insuffisants', 404: 'Client introuvable.' },
});

export const createCustomer = endpoint({
  method: 'post',
  path: '/customers',
  tag: customers,
  offline: 'queue',
  body: customerBody,
  summary: 'Crée un client (numéro de compte C00001… généré s’il est absent)',
  responses: { 201: apiCustomer },
  errors: { 409: DUPLICATE, 422: 'Règles du client non respectées' },
});

export const updateCustomer = endpoint({
  method: 'put',
  path: '/customers/:accountNumber',
  tag: customers,
  offline: 'queue',
  body: customerBody,
  summary: 'Modifie un client (accountNumber dans le corps : renumérotation)',
  responses: { 200: apiCustomer },
  errors: { 404: 'Client introuvable.', 409: DUPLICATE, 422: 'Règles du client non respectées' },
});

export const deleteCustomer = endpoint({
  method: 'delete',
  path: '/customers/:accountNumber',
  tag: customers,
  offline: 'queue',
  summary: 'Supprime un client',
  responses: { 204: null },
  errors: { 404: 'Client introuvable.', 409: 'Client utilisé par une facture ou un devis' },
});

export const archiveCustomer = endpoint({
  method: 'put',
  path: '/customers/:accountNumber/archive',
  tag: customers,
  offline: 'queue',
  body: z.object({ archived: z.boolean() }),
  summary:
    'Archive un client (ou le rétablit) : il n’est plus proposé dans les factures et devis, mais reste conservé ' +
    'avec les factures validées qui le nomment',
  responses: { 200: apiCustomer },
  errors: { 404: 'Client introuvable.' },
});

// ── Environment and bank details ─────────────────────────────────────────────────────────────
const nullableText = z.string().nullable();
export const companyIdentity = z.object({
  id: z.number(),
  label: z.string(),
  legalForm: nullableText,
  shareCapital: nullableText,
  address: nullableText,
  postalCode: nullableText,
  city: nullableText,
  siren: nullableText,
  siret: nullableText,
  rcs: nullableText,
  vatNumber: nullableText,
  email: nullableText,
  phone: nullableText,
  subscriptionInvoice: nullableText,
  numberInvoiceValidateMonth: z.number().nullable(),
  /** Bank details, printed on invoices paid by transfer (also offline, by the browser's preview). */
  iban: nullableText,
  bic: nullableText,
  /** Decision 046: « EI » after the name; the late-payment rate (null: 3× the legal rate); VAT on debits by default. */
  soleTrader: z.boolean(),
  latePenaltyRate: nullableText,
  vatOnDebits: z.boolean(),
});
export type CompanyIdentity = z.output<typeof companyIdentity>;

const exercise = z.object({ dateStart: isoDateText, dateEnd: isoDateText });
export const invoicingEnvironment = z.object({
  invoice: z.object({
    vatRates: z.array(z.number()),
    accountsSale: z.array(z.object({ number: z.string(), label: z.string() })),
    unitsMeasurement: z.array(z.object({ label: z.string() })),
    civilities: z.array(z.string()),
    logo: z.string().nullable(),
    meansOfPayment: z.array(z.string()),
    VAT_clauses: z.array(z.string()),
    customers: z.array(apiCustomer),
    items: z.array(apiArticle),
    UnitMeasurementManagement: z.boolean(),
  }),
  accounting: z.object({ exercises: z.array(exercise) }),
  general: z.object({ ledgers: z.array(z.object({ id: z.number(), code: z.string(), label: z.string() })) }),
  estimate: z.object({ items: z.array(apiArticle) }),
  company: companyIdentity,
});
export type InvoicingEnvironment = z.output<typeof invoicingEnvironment>;

/** lists=none: the same keys, customers and articles empty (the app syncs them with /sync/…, decision 027). */
export const environmentQuery = z.object({ lists: z.enum(['all', 'none']).default('all') });

export const environment = endpoint({
  method: 'get',
  path: '/environment/plume',
  tag: 'Facturation',
  query: environmentQuery,
  summary:
    'Environnement de facturation de la société : TVA, comptes, unités, clients, articles, exercices, journaux ' +
    '(ETag faible : If-None-Match → 304 s’il n’a pas changé ; lists=none : listes clients et articles vides)',
  responses: { 200: invoicingEnvironment, 304: null },
});

// ── Changes since a cursor (decision 027) ────────────────────────────────────────────────────
// A device keeps customers and articles and asks only what changed since its cursor: the rows
// written since, and the keys deleted since. No cursor: every row (the device replaces its copy).
const CURSOR = /^\d{1,16}(?:\.\d{1,16}\.\d{1,12})?$/;
export const syncQuery = z.object({
  since: z.string().regex(CURSOR, 'Curseur de synchronisation non valide.').optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(5000),
});
export type SyncQuery = z.output<typeof syncQuery>;

const changes = <T extends z.ZodType, K extends z.ZodType>(row: T, key: K) =>
  z.object({
    /** Rows written since the cursor (all rows without one), in the order of their writing. */
    items: z.array(row),
    /** Keys deleted since the cursor (never with a row of the same key in this answer's pass). */
    deleted: z.array(key),
    /** To send back as `since`: the next page when `more`, else the next sync. */
    cursor: z.string(),
    more: z.boolean(),
    /** Rows the company has now: a device whose count differs starts again without a cursor. */
    total: z.number().int(),
  });

export const syncCustomers = endpoint({
  method: 'get',
  path: '/sync/customers',
  tag: customers,
  query: syncQuery,
  summary: 'Clients modifiés et supprimés depuis un curseur (synchronisation de l’appareil)',
  responses: { 200: changes(apiCustomer, z.string()) },
  errors: { 400: 'Curseur de synchronisation non valide.', 403: 'Droits insuffisants' },
});

export const syncItems = endpoint({
  method: 'get',
  path: '/sync/items',
  tag: items,
  query: syncQuery,
  summary: 'Articles modifiés et supprimés depuis un curseur (synchronisation de l’appareil)',
  responses: { 200: changes(apiArticle, z.number()) },
  errors: { 400: 'Curseur de synchronisation non valide.', 403: 'Droits insuffisants' },
});

export const bankDetails = z.object({ iban: z.string().nullable(), bic: z.string().nullable() });
export type BankDetails = z.output<typeof bankDetails>;

export const getBankDetails = endpoint({
  method: 'get',
  path: '/company/bank-details',
  tag: 'Facturation',
  summary: 'IBAN et BIC de la société, imprimés sur les factures réglées par virement',
  responses: { 200: bankDetails },
});

export const BANK_DETAILS_TITLE = 'Vos coordonnées bancaires contiennent des erreurs.';
export const putBankDetails = endpoint({
  method: 'put',
  path: '/company/bank-details',
  tag: 'Facturation',
  offline: 'queue',
  summary: 'Enregistre l’IBAN et le BIC de la société (clé IBAN et format BIC vérifiés ; vides : supprimés)',
  body: z.object({
    iban: z
      .string()
      .max(60)
      .nullish()
      .transform((v) => compactBankCode(v)),
    bic: z
      .string()
      .max(30)
      .nullish()
      .transform((v) => compactBankCode(v)),
  }),
  responses: { 200: bankDetails },
  errors: { 422: 'IBAN ou BIC non valide' },
});
