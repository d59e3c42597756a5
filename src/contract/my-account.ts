import { z } from 'zod';
import { endpoint, file } from './endpoint';
import { id, instant, isoDateText, listQuery, page } from './common';

// « Mon compte » (decision 043): a client company's account with its accounting firm,
// read-only — the validated invoices and credit notes the firm issued to this company (through the
// firm's customer record linked to it), the account statement, card payment through the provider's
// hosted page, and the payroll single sign-on. Company-scoped (X-Company-Id); rights `monCompte`
// (view, download); another company's invoice or payment → 404.

const tag = 'Mon compte';
/** Euros as numbers with two decimals at most (api-conventions: money). */
const money = z.number();

export const FIRM_INVOICE_STATUSES = ['paid', 'unpaid', 'overdue', 'credit'] as const;

/** One of the firm's invoices (or credit notes) to this company. */
export const firmInvoice = z.object({
  id: z.number(),
  number: z.string(),
  /** 'Facture' or 'Avoir'. */
  type: z.string(),
  date: isoDateText,
  dueDate: isoDateText.nullable(),
  ht: money,
  tva: money,
  ttc: money,
  /** Paid so far (card, transfer… recorded by the firm or the provider's notification). */
  paid: money,
  /** Left to pay (0 for a credit note or a paid invoice). */
  remaining: money,
  /** 'paid' | 'unpaid' | 'overdue' (due date passed, something left) | 'credit' (a credit note). */
  status: z.enum(FIRM_INVOICE_STATUSES),
  /** « Payée », « À payer », « En retard », « Avoir ». */
  statusLabel: z.string(),
});
export type FirmInvoice = z.output<typeof firmInvoice>;

const firm = z.object({ label: z.string() });

export const invoices = endpoint({
  method: 'get',
  path: '/my-account/invoices',
  tag,
  summary: 'Factures et avoirs validés du cabinet à la société (plus récents d’abord)',
  query: listQuery.extend({ status: z.enum(FIRM_INVOICE_STATUSES).optional() }),
  responses: { 200: page(firmInvoice).extend({ firm: firm.nullable() }) },
});

export const invoicePdf = endpoint({
  method: 'get',
  path: '/my-account/invoices/:id/pdf',
  tag,
  summary: 'Le PDF conservé de la facture (celui envoyé par le cabinet)',
  query: z.object({ download: z.enum(['1', '0']).optional() }),
  responses: { 200: file('application/pdf') },
  errors: { 404: 'Facture introuvable' },
});

export const statementLine = z.object({
  date: isoDateText,
  /** 'invoice' (debit), 'credit' (credit note: credit), 'payment' (credit). */
  kind: z.enum(['invoice', 'credit', 'payment']),
  label: z.string(),
  reference: z.string(),
  debit: money,
  credit: money,
  /** Running balance: positive = the company owes the firm. */
  balance: money,
});
export type StatementLine = z.output<typeof statementLine>;

const period = z.object({ dateStart: isoDateText.optional(), dateEnd: isoDateText.optional() });

export const statement = z.object({
  firm: firm.nullable(),
  dateStart: isoDateText,
  dateEnd: isoDateText,
  openingBalance: money,
  lines: z.array(statementLine),
  totalDebit: money,
  totalCredit: money,
  closingBalance: money,
});
export type Statement = z.output<typeof statement>;

export const getStatement = endpoint({
  method: 'get',
  path: '/my-account/statement',
  tag,
  summary: 'Extrait de compte sur une période (par défaut les 12 derniers mois)',
  query: period,
  responses: { 200: statement },
  errors: { 422: 'Période invalide' },
});

export const exportStatement = endpoint({
  method: 'get',
  path: '/my-account/statement/export',
  tag,
  summary: 'Extrait de compte en PDF ou CSV (droit de téléchargement)',
  query: period.extend({ format: z.enum(['pdf', 'csv']) }),
  responses: { 200: file('application/pdf', 'text/csv') },
  errors: { 422: 'Période invalide' },
});

/** The firm's link of a client company to its customer record (set by the firm's staff). */
export const firmLink = z.object({
  clientCompanyId: z.number(),
  firmCompanyId: z.number(),
  customerId: z.number(),
  /** The customer as the firm knows it, as shown: « Boulangerie Martin (C00012) ». */
  customerLabel: z.string(),
  linkedAt: instant,
});
export type FirmLink = z.output<typeof firmLink>;

export const getLink = endpoint({
  method: 'get',
  path: '/my-account/link/:company',
  tag,
  summary: 'Lien actuel de la société cliente avec sa fiche client du cabinet (personnel du cabinet)',
  responses: { 200: z.object({ link: firmLink.nullable() }) },
  errors: { 403: 'Réservé au cabinet', 404: 'Société introuvable (dont l’appelant n’est pas membre)' },
});

export const putLink = endpoint({
  method: 'put',
  path: '/my-account/link/:company',
  tag,
  // A firm's setting, read back at once: no reason to wait in the outbox.
  offline: 'online-only',
  summary: 'Relie la société cliente à la fiche client qui la représente chez le cabinet (personnel du cabinet)',
  body: z.object({ firmCompanyId: id, customerId: id }),
  responses: { 200: z.object({ link: firmLink }) },
  errors: {
    403: 'Réservé au cabinet, qui doit gérer les clients et lire les factures de la société du cabinet',
    404: 'Société cliente ou du cabinet dont l’appelant n’est pas membre, ou client introuvable chez ce cabinet',
    409: 'Cette fiche client est déjà reliée à une autre société',
    422: 'Une société ne peut pas être reliée à une de ses propres fiches clients',
  },
});

export const PAYMENT_STATUSES = ['pending', 'accepted', 'refused'] as const;

export const cardPayment = z.object({
  id: z.number(),
  /** Decided by the server from the provider's notification (or its status read back), never the URL. */
  status: z.enum(PAYMENT_STATUSES),
  /** « Paiement en cours de confirmation », « Paiement accepté », « Paiement refusé ». */
  statusLabel: z.string(),
  amount: money,
  reference: z.string(),
  invoiceId: z.number().nullable(),
  createdAt: instant,
});
export type CardPayment = z.output<typeof cardPayment>;

export const startPayment = endpoint({
  method: 'post',
  path: '/my-account/payments',
  tag,
  offline: 'online-only',
  summary:
    'Paiement par carte d’une facture (invoiceId) ou du solde (invoiceId null) : crée la session chez le prestataire',
  body: z.object({ invoiceId: id.nullable() }),
  responses: { 201: cardPayment.extend({ redirectUrl: z.string() }) },
  errors: { 404: 'Facture introuvable', 409: 'Rien à payer', 503: 'Prestataire de paiement injoignable' },
});

export const getPayment = endpoint({
  method: 'get',
  path: '/my-account/payments/:id',
  tag,
  summary: 'État d’un paiement par carte (lu chez le prestataire si la notification tarde)',
  responses: { 200: cardPayment },
  errors: { 404: 'Paiement introuvable' },
});

export const paymentNotification = endpoint({
  method: 'post',
  path: '/payments/notifications/:provider',
  tag,
  auth: false,
  offline: 'online-only',
  summary: 'Notification signée du prestataire (serveur à serveur) ; signature vérifiée sur le corps brut',
  responses: { 204: null },
  errors: { 400: 'Signature ou notification invalide' },
});
