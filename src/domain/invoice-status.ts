// What an invoice's situation is (decision 011): one rule for the invoice page, the lists, the
// dashboard and the server. Amounts are judged in integer cents (never floats).
import { isIsoDate } from './dates';
import { toCents } from './money';

export type InvoiceStatus =
  'Brouillon' | 'Validée' | 'Envoyée' | 'Payée' | 'Partiellement payée' | 'En retard' | 'Avoir partiel' | 'Avoir total';

export interface SettlementFacts {
  type: string;
  validated: boolean;
  sentAt?: string | null;
  dueDate: string | null;
  ttc: number | string;
  /** Sum of the payments received (TTC). */
  paid?: number | string | null;
  /** Sum of the validated credit notes that correct it (TTC). */
  credited?: number | string | null;
}

const cents = (f: SettlementFacts) => ({
  ttc: toCents(f.ttc),
  paid: toCents(f.paid ?? 0),
  credited: toCents(f.credited ?? 0),
});

/** Rest due in cents: TTC minus payments and credit notes, never below 0 (a credit after payment is a refund, not a debt). */
export function amountDueCents(f: SettlementFacts): number {
  if (!f.validated || f.type !== 'Facture') return 0;
  const c = cents(f);
  return Math.max(0, c.ttc - c.paid - c.credited);
}

export const amountDue = (f: SettlementFacts): number => amountDueCents(f) / 100;

export function creditState(f: SettlementFacts): 'none' | 'partial' | 'total' {
  const c = cents(f);
  if (f.type !== 'Facture' || c.credited <= 0) return 'none';
  return c.credited >= c.ttc ? 'total' : 'partial';
}

/** A validated invoice with something still due after its due date (today excluded, as the lists). */
export function isInvoiceOverdue(f: SettlementFacts, today: string): boolean {
  return amountDueCents(f) > 0 && !!f.dueDate && f.dueDate < today;
}

/** The one status a badge shows. Credit notes themselves are Brouillon, Validée or Envoyée. */
export function invoiceStatus(f: SettlementFacts, today: string): InvoiceStatus {
  if (!f.validated) return 'Brouillon';
  if (f.type === 'Facture') {
    const c = cents(f);
    if (creditState(f) === 'total') return 'Avoir total';
    if (c.paid > 0 && amountDueCents(f) === 0) return 'Payée';
    if (isInvoiceOverdue(f, today)) return 'En retard';
    if (c.paid > 0) return 'Partiellement payée';
    if (c.credited > 0) return 'Avoir partiel';
  }
  return f.sentAt ? 'Envoyée' : 'Validée';
}

/** The status, then what it hides: "En retard" + "Partiellement payée", "Payée" + "Avoir partiel"… */
export function invoiceStatuses(f: SettlementFacts, today: string): InvoiceStatus[] {
  const main = invoiceStatus(f, today);
  const out: InvoiceStatus[] = [main];
  if (main === 'En retard' && toCents(f.paid ?? 0) > 0) out.push('Partiellement payée');
  if (creditState(f) === 'partial' && main !== 'Avoir partiel') out.push('Avoir partiel');
  return out;
}

/** Dark enough for white text on a filled badge and for tinted text on a light one (WCAG AA). */
export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  Brouillon: '#495057',
  Validée: '#1c4f8c',
  Envoyée: '#0b6477',
  Payée: '#1e6b34',
  'Partiellement payée': '#8a4500',
  'En retard': '#b02525',
  'Avoir partiel': '#7b2a8f',
  'Avoir total': '#5235b0',
};

/** Means of payment: the key travels, the label is shown. */
export const PAYMENT_MEANS = [
  { value: 'virement', label: 'Virement' },
  { value: 'cheque', label: 'Chèque' },
  { value: 'carte', label: 'Carte' },
  { value: 'especes', label: 'Espèces' },
  { value: 'prelevement', label: 'Prélèvement' },
  { value: 'autre', label: 'Autre' },
] as const;
export type PaymentMeans = (typeof PAYMENT_MEANS)[number]['value'];
export const PAYMENT_MEANS_KEYS = PAYMENT_MEANS.map((m) => m.value) as [PaymentMeans, ...PaymentMeans[]];
export const paymentMeansLabel = (v: string) => PAYMENT_MEANS.find((m) => m.value === v)?.label ?? v;

/** The invoice's payment mode text ('Virement bancaire', 'Chèque'…) as a means key, 'autre' when unknown. */
export function meansFromPaymentMode(mode: string | null | undefined): PaymentMeans {
  const s = (mode ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (s.includes('virement')) return 'virement';
  if (s.includes('cheque')) return 'cheque';
  if (s.includes('carte') || s.includes('cb')) return 'carte';
  if (s.includes('espece')) return 'especes';
  if (s.includes('prelevement')) return 'prelevement';
  return 'autre';
}

export const PAYMENT_MESSAGES = {
  title: 'Le paiement n’a pas pu être enregistré.',
  notValidated: 'Seule une facture validée peut être marquée comme payée.',
  notInvoice: 'Un avoir ne se paie pas : seule une facture peut être marquée comme payée.',
  noDate: 'Indiquez la date du paiement.',
  future: 'La date du paiement ne peut pas être postérieure à aujourd’hui.',
  beforeInvoice: 'La date du paiement ne peut pas être antérieure à la date de la facture.',
  amount: 'Le montant du paiement doit être supérieur à 0 €.',
  nothingDue: 'Cette facture ne présente plus aucun reste à payer.',
  over: (due: string) => `Le montant dépasse le reste à payer (${due}).`,
};

export interface PaymentInput {
  date: string;
  amount: number | string;
  means: string;
}

/** Every reason a payment cannot be recorded on this invoice ([] when it can). */
export function paymentErrors(
  p: PaymentInput,
  f: SettlementFacts & { createdAt: string | null },
  today: string,
  formatDue: (euros: number) => string,
): string[] {
  if (!f.validated) return [PAYMENT_MESSAGES.notValidated];
  if (f.type !== 'Facture') return [PAYMENT_MESSAGES.notInvoice];
  const errors: string[] = [];
  if (!isIsoDate(p.date)) errors.push(PAYMENT_MESSAGES.noDate);
  else if (p.date > today) errors.push(PAYMENT_MESSAGES.future);
  else if (f.createdAt && p.date < f.createdAt) errors.push(PAYMENT_MESSAGES.beforeInvoice);
  const due = amountDueCents(f);
  const amount = toCents(p.amount);
  if (due === 0) errors.push(PAYMENT_MESSAGES.nothingDue);
  else if (amount <= 0) errors.push(PAYMENT_MESSAGES.amount);
  else if (amount > due) errors.push(PAYMENT_MESSAGES.over(formatDue(due / 100)));
  return errors;
}
