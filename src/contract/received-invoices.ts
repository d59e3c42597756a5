import { z } from 'zod';
import { endpoint, file } from './endpoint';
import { lifecycleEvent, listQuery, page } from './common';

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
  /** Decision 089: the last lifecycle status (ours as buyer, or the seller's), null when none. */
  lastStatus: z.object({ code: z.string(), label: z.string() }).nullable().optional(),
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
  /** Decision 089: the lifecycle trail, oldest first. */
  lifecycle: z.array(lifecycleEvent).optional(),
  /** The statuses this member may set now, as the buyer (empty without the right). */
  lifecycleActions: z
    .array(
      z.object({
        code: z.enum(['205', '207', '210', '211']),
        label: z.string(),
        reasonRequired: z.boolean(),
        reasons: z.array(z.object({ code: z.string(), label: z.string() })),
      }),
    )
    .optional(),
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

export const setReceivedInvoiceStatus = endpoint({
  method: 'post',
  path: '/received-invoices/:id/lifecycle',
  tag,
  offline: 'online-only',
  summary:
    'Pose un statut de cycle de vie d’acheteur sur une facture reçue — Approuvée (205), En litige (207, motif), ' +
    'Refusée (210, motif de la liste obligatoire) ou Paiement transmis (211) — et le transmet au fournisseur par la plateforme',
  body: z.object({
    code: z.enum(['205', '207', '210', '211'], {
      message: 'Statut inconnu : 205 (Approuvée), 207 (En litige), 210 (Refusée) ou 211 (Paiement transmis).',
    }),
    reasonCode: z.string().max(40).optional(),
    reasonText: z.string().max(1000).optional(),
  }),
  responses: { 201: receivedInvoiceDetail },
  errors: {
    403: 'Droits insuffisants',
    404: 'Facture reçue introuvable.',
    409: 'Statut impossible sur cette facture (déjà refusée, fournisseur sans SIREN…)',
    422: 'Motif manquant ou hors de la liste',
  },
});
