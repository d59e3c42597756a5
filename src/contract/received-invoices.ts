import { z } from 'zod';
import { endpoint, file } from './endpoint';
import { listQuery, page } from './common';

// « Factures reçues » (decision 046): suppliers' e-invoices (Factur-X PDF, CII or UBL) deposited by a
// member of the company, or arriving through the inbox in Comptabilité › Achats. The server reads
// and checks them; the original is kept unchanged (the inbox deposit). Online only: the answer is
// what the server read.

const finding = z.object({
  rule: z.string(),
  severity: z.enum(['erreur', 'avertissement']),
  message: z.string(),
});

export const receivedInvoiceRow = z.object({
  id: z.number(),
  format: z.enum(['facturx', 'cii', 'ubl']),
  kind: z.enum(['Facture', 'Avoir']),
  supplierName: z.string(),
  supplierSiren: z.string().nullable(),
  supplierVatNumber: z.string().nullable(),
  number: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  currency: z.string(),
  ht: z.number().nullable(),
  tva: z.number().nullable(),
  ttc: z.number().nullable(),
  status: z.enum(['conforme', 'anomalies']),
  /** « Conforme » or « 2 anomalies » … in French. */
  statusLabel: z.string(),
  depositId: z.number(),
  fileName: z.string(),
  createdAt: z.string(),
});
export type ReceivedInvoiceRow = z.output<typeof receivedInvoiceRow>;

export const receivedInvoiceDetail = receivedInvoiceRow.extend({
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      unitCode: z.string(),
      unitPrice: z.number(),
      netAmount: z.number(),
      vatRate: z.number(),
      vatCategory: z.string(),
    }),
  ),
  vatBreakdown: z.array(z.object({ category: z.string(), rate: z.number(), base: z.number(), vat: z.number() })),
  findings: z.array(finding),
});
export type ReceivedInvoiceDetail = z.output<typeof receivedInvoiceDetail>;

const tag = 'Factures reçues';

export const listReceivedInvoices = endpoint({
  method: 'get',
  path: '/received-invoices',
  tag,
  query: listQuery,
  summary: 'Factures fournisseurs reçues (recherche : fournisseur, numéro), les plus récentes d’abord',
  responses: { 200: page(receivedInvoiceRow) },
});

export const getReceivedInvoice = endpoint({
  method: 'get',
  path: '/received-invoices/:id',
  tag,
  summary: 'Une facture reçue : fournisseur, dates, lignes, TVA, totaux et résultat des contrôles',
  responses: { 200: receivedInvoiceDetail },
  errors: { 404: 'Facture reçue introuvable.' },
});

export const depositReceivedInvoice = endpoint({
  method: 'post',
  path: '/received-invoices',
  tag,
  multipart: true,
  offline: 'online-only',
  summary:
    'Dépose la facture électronique d’un fournisseur (Factur-X PDF, CII ou UBL) : lue, contrôlée et conservée ' +
    'telle quelle dans Comptabilité › Achats',
  responses: { 201: receivedInvoiceDetail },
  errors: {
    409: 'Cette facture de ce fournisseur a déjà été déposée.',
    413: 'Fichier trop volumineux',
    415: 'Ni Factur-X, ni CII, ni UBL',
    422: 'Facture électronique illisible',
  },
});

export const receivedInvoiceFile = endpoint({
  method: 'get',
  path: '/received-invoices/:id/file',
  tag,
  summary: 'Le fichier original, tel qu’il a été déposé',
  responses: { 200: file('application/pdf', 'application/xml') },
  errors: { 404: 'Facture reçue introuvable.' },
});
