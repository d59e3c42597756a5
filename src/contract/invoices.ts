import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { PAYMENT_MEANS_KEYS } from '../domain/invoice-status';
import { parseFrenchNumber } from '../domain/money';
import { cursorPage, lifecycleEvent, MAX_ID } from './common';
import { endpoint, file } from './endpoint';
import {
  invoiceJson,
  invoiceListQuery,
  invoiceListRow,
  invoicePayloadSchema,
  invoicePreviewSchema,
  quoteJson,
  quoteListQuery,
  quoteListRow,
  quotePayloadSchema,
  quotePreviewSchema,
  storedLine,
  vatBreakdownEntry,
} from './invoices-wire';

// Decision 003: invoices, credit notes and quotes — drafting, PDF, gapless validation, sending, lists,
// payments, follow-up, dashboard. Every change may wait in the outbox (validation and sending too:
// the Idempotency-Key makes a replay number or mail at most once); previews are online only.

const F = 'Factures';
const D = 'Devis';
const pdf = file('application/pdf');
const RULES = 'Règles non respectées (errors)';

export const createInvoice = endpoint({
  method: 'post',
  path: '/invoices',
  tag: F,
  offline: 'queue',
  body: invoicePayloadSchema,
  summary: 'Crée une facture ou un avoir (brouillon) après contrôle des règles',
  responses: { 201: invoiceJson },
  errors: { 422: RULES },
});

export const updateInvoice = endpoint({
  method: 'put',
  path: '/invoices/:id',
  tag: F,
  offline: 'queue',
  body: invoicePayloadSchema,
  summary: 'Modifie un brouillon de facture (une facture validée est figée : 409)',
  responses: { 200: invoiceJson },
  errors: { 404: 'Facture introuvable', 409: 'Facture validée ou brouillon enregistré entre-temps', 422: RULES },
});

export const getInvoice = endpoint({
  method: 'get',
  path: '/invoices/:id',
  tag: F,
  summary: 'Lit une facture',
  responses: { 200: invoiceJson },
  errors: { 404: 'Facture introuvable' },
});

export const deleteInvoice = endpoint({
  method: 'delete',
  path: '/invoices/:id',
  tag: F,
  offline: 'queue',
  summary: 'Supprime un brouillon de facture (une facture validée ne se supprime jamais : 409)',
  responses: { 204: null },
  errors: { 409: 'Facture validée' },
});

export const invoicePdf = endpoint({
  method: 'get',
  path: '/invoices/:id/pdf',
  tag: F,
  summary: 'PDF de la facture : le document validé tel qu’il a été émis, ou l’aperçu d’un brouillon',
  responses: { 200: pdf },
});

export const previewInvoice = endpoint({
  method: 'post',
  path: '/invoices/preview',
  tag: F,
  offline: 'online-only',
  body: invoicePreviewSchema,
  summary: 'Aperçu PDF d’une facture non enregistrée (filigrane « Aperçu »)',
  responses: { 200: pdf },
});

const ledgerId = z.number().int().positive().max(MAX_ID);
export const validateInvoice = endpoint({
  method: 'put',
  path: '/invoices/:id/validate',
  tag: F,
  offline: 'queue',
  summary: 'Valide la facture : numéro suivant de la série, document figé, PDF rendu et conservé',
  /** INV-22: "the id of the sales journal" — as { ledgerId }, { id } or a bare number; absent → the 'VE' journal. */
  body: z
    .union([ledgerId, z.object({ ledgerId: ledgerId.optional(), id: ledgerId.optional() }), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : (v?.ledgerId ?? v?.id ?? null))),
  responses: { 200: z.object({ file: z.string(), fileName: z.string(), invoice: invoiceJson }) },
  errors: { 409: 'Déjà validée', 422: RULES },
});

const sendBody = z
  .object({
    fileName: z.string().max(300).nullish(),
    // Accepted for compatibility with the spec's call, never mailed: the server renders its own PDF.
    file: z.string().nullish(),
    type: z.enum(['Facture', 'Avoir']).optional(),
  })
  .optional()
  .transform((v) => v ?? {});
export const sendInvoice = endpoint({
  method: 'post',
  path: '/business-files/:id/send',
  tag: F,
  offline: 'queue',
  body: sendBody,
  summary: 'Envoie la facture validée (PDF joint) à l’adresse e-mail du client',
  responses: { 200: z.object({ message: z.string(), to: z.string(), fileName: z.string() }) },
  errors: { 409: 'Facture non validée', 422: 'Client sans adresse e-mail' },
});

// ── Lists ────────────────────────────────────────────────────────────────────────────────────
export const listInvoices = endpoint({
  method: 'get',
  path: '/factures',
  tag: F,
  query: invoiceListQuery,
  summary: 'Liste des factures et avoirs : brouillons d’abord puis numéro décroissant, filtres et pages',
  responses: { 200: cursorPage(invoiceListRow) },
});

export const invoiceDetail = endpoint({
  method: 'get',
  path: '/factures/detail',
  tag: F,
  summary: 'Détail d’une facture (?id=) ou de plusieurs (?ids=1,2,3)',
  query: z.object({
    id: z
      .string()
      .refine((v) => /^\d+$/.test(v) && Number(v) <= MAX_ID, {
        message: 'Le paramètre « id » doit être un identifiant numérique.',
      })
      .optional(),
    ids: z.string().max(20_000).optional(),
  }),
  responses: { 200: z.union([invoiceJson, z.array(invoiceJson)]) },
});

export const listQuotes = endpoint({
  method: 'get',
  path: '/estimates',
  tag: D,
  query: quoteListQuery,
  summary: 'Liste des devis : numéro décroissant, filtres et pages',
  responses: { 200: cursorPage(quoteListRow) },
});

export const customerBusinessDocuments = endpoint({
  method: 'get',
  path: '/customers/:accountNumber/documents',
  tag: F,
  summary: 'Factures et devis d’un client (fiche client)',
  responses: { 200: z.object({ invoices: z.array(invoiceListRow), quotes: z.array(quoteListRow) }) },
  errors: { 403: 'Droits insuffisants', 404: 'Client introuvable' },
});

export const dashboard = endpoint({
  method: 'get',
  path: '/factures/etat',
  tag: F,
  summary: 'Tableau de bord de facturation : chiffre d’affaires, impayés, retards, devis ouverts, limite Starter',
  responses: {
    200: z.object({
      turnoverMonth: z.number(),
      turnoverYear: z.number(),
      unpaidAmount: z.number(),
      unpaidCount: z.number(),
      overdueAmount: z.number(),
      overdueCount: z.number(),
      /** null without the right to see quotes. */
      openQuotesAmount: z.number().nullable(),
      openQuotesCount: z.number().nullable(),
      validatedThisMonth: z.number(),
      monthlyLimit: z.number().nullable(),
      subscriptionInvoice: z.string().nullable(),
      monthly: z.array(z.object({ month: z.string(), ht: z.number() })),
    }),
  },
  errors: { 403: 'Droits insuffisants' },
});

export const ageing = endpoint({
  method: 'get',
  path: '/factures/balance-agee',
  tag: F,
  summary:
    'Balance âgée des créances : reste dû par ancienneté de retard (0–30, 31–60, 61–90, plus de 90 jours) et par client',
  responses: {
    200: z.object({
      today: z.string(),
      total: z.number(),
      overdue: z.number(),
      buckets: z.array(z.object({ key: z.string(), label: z.string(), amount: z.number(), count: z.number() })),
      customers: z.array(
        z.object({
          accountNumber: z.string(),
          socialReason: z.string(),
          amount: z.number(),
          overdue: z.number(),
          count: z.number(),
        }),
      ),
    }),
  },
});

// ── Payments and follow-up ───────────────────────────────────────────────────────────────────
export const followUpBody = z.object({
  invoiceId: z.number(),
  type: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  statuses: z.array(z.string()),
  ttc: z.number(),
  amountPaid: z.number(),
  amountCredited: z.number(),
  amountDue: z.number(),
  creditable: z.number(),
  payments: z.array(
    z.object({ id: z.number(), date: z.string(), means: z.string(), meansLabel: z.string(), amount: z.number() }),
  ),
  creditNotes: z.array(
    z.object({
      id: z.number(),
      number: z.string().nullable(),
      validated: z.boolean(),
      createdAt: z.string().nullable(),
      ttc: z.number(),
      lines: z.array(storedLine),
      vatBreakdown: z.array(vatBreakdownEntry),
    }),
  ),
  correctedInvoice: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
  history: z.array(z.object({ kind: z.string(), at: z.string(), label: z.string() })),
  /** Decision 089: the lifecycle statuses of the invoice sent through the platform, oldest first. */
  lifecycle: z.array(lifecycleEvent).optional(),
});
export type FollowUp = z.output<typeof followUpBody>;

export const followUp = endpoint({
  method: 'get',
  path: '/invoices/:id/follow-up',
  tag: F,
  summary: 'Suivi d’une facture : statut, reste à payer, paiements, avoirs liés, historique',
  responses: { 200: followUpBody },
  errors: { 404: 'Facture introuvable' },
});

const isoDate = z.string().refine(isIsoDate, { message: 'La date doit être au format AAAA-MM-JJ.' });
export const addPayment = endpoint({
  method: 'post',
  path: '/invoices/:id/payments',
  tag: F,
  offline: 'queue',
  summary: 'Enregistre un paiement (partiel ou total) d’une facture validée : date, moyen, montant',
  body: z.object({
    date: isoDate,
    means: z.enum(PAYMENT_MEANS_KEYS, {
      message: 'Moyen de paiement inconnu (virement, cheque, carte, especes, prelevement, autre).',
    }),
    amount: z
      .union([z.number(), z.string().max(40)])
      .refine((v) => parseFrenchNumber(v) !== null, { message: 'Le montant doit être un nombre.' })
      .transform((v) => parseFrenchNumber(v) as number),
  }),
  responses: { 201: followUpBody },
  errors: { 404: 'Facture introuvable', 409: 'Facture non validée', 422: 'Montant ou date refusés (errors)' },
});

export const markPaid = endpoint({
  method: 'put',
  path: '/invoices/:id/payment',
  tag: F,
  offline: 'queue',
  summary: 'Marque payée (paiement du reste dû à cette date) ou non payée (paidAt null) une facture validée',
  body: z.object({ paidAt: z.union([isoDate, z.null()]) }),
  responses: { 200: invoiceJson },
  errors: { 409: 'Facture non validée', 422: 'Date refusée' },
});

// ── Quotes ───────────────────────────────────────────────────────────────────────────────────
export const createQuote = endpoint({
  method: 'post',
  path: '/estimates',
  tag: D,
  offline: 'queue',
  body: quotePayloadSchema,
  summary: 'Crée un devis (numéro attribué à la création, état « En cours »)',
  responses: { 201: quoteJson },
  errors: { 422: RULES },
});

export const updateQuote = endpoint({
  method: 'put',
  path: '/estimates/:id',
  tag: D,
  offline: 'queue',
  body: quotePayloadSchema,
  summary: 'Modifie un devis « En cours » ou « Accepté »',
  responses: { 200: quoteJson },
  errors: { 409: 'Devis facturé ou annulé, ou enregistré entre-temps', 422: RULES },
});

export const getQuote = endpoint({
  method: 'get',
  path: '/estimates/:id',
  tag: D,
  summary: 'Lit un devis',
  responses: { 200: quoteJson },
});

export const setQuoteState = endpoint({
  method: 'patch',
  path: '/estimates/:id',
  tag: D,
  offline: 'queue',
  summary: 'Change l’état du devis (libellé : En cours, Accepté, Facturé, Annulé)',
  /** QUO-13: "a PATCH carrying the label" — the bare JSON string or { state }. */
  body: z.union([z.string().max(50), z.object({ state: z.string().max(50) }).transform((o) => o.state)]),
  responses: { 200: quoteJson },
  errors: { 400: 'État inconnu', 409: 'Transition refusée' },
});

export const quotePdf = endpoint({
  method: 'get',
  path: '/estimates/:id/pdf',
  tag: D,
  summary: 'PDF d’un devis enregistré (numéroté dès sa création, donc sans filigrane)',
  responses: { 200: pdf },
});

export const previewQuote = endpoint({
  method: 'post',
  path: '/estimates/preview',
  tag: D,
  offline: 'online-only',
  body: quotePreviewSchema,
  summary: 'Aperçu PDF d’un devis non enregistré (filigrane « Aperçu »)',
  responses: { 200: pdf },
});

export const convertQuote = endpoint({
  method: 'post',
  path: '/estimates/:id/convert',
  tag: D,
  offline: 'queue',
  summary: 'Transforme un devis accepté en facture brouillon pré-remplie ; le devis passe à « Facturé »',
  responses: { 201: invoiceJson },
  errors: { 409: 'Devis déjà facturé, annulé ou non accepté', 422: 'Règles de la facture non respectées' },
});

export const invoiceUbl = endpoint({
  method: 'get',
  path: '/invoices/:id/ubl',
  tag: F,
  summary: 'La facture ou l’avoir validé en UBL 2.1 (EN 16931), les mêmes données que le Factur-X',
  responses: { 200: file('application/xml') },
  errors: { 404: 'Facture introuvable.', 409: 'Facture non validée : pas encore de facture électronique.' },
});
