// How much of an invoice is still open to credit notes (decision 011). French rules: a
// validated invoice is corrected by credit notes that name it; together they can never give back
// more than the invoice charged. Judged three ways, every broken limit reported:
// - the total including tax (TTC) of all its credit notes ≤ the invoice's TTC;
// - per VAT rate, the bases (HT) credited ≤ the invoice's base at that rate (no VAT at 20 %
//   given back on an invoice that only charged 5,5 %);
// - per invoice line (same code, label and rate), the HT credited ≤ the line's HT, so the same
//   article cannot be credited twice. A credit line matching no invoice line (a commercial
//   gesture) is only bound by the two amounts above.
// Amounts in integer cents: no float ever decides a refusal.
import { formatMoney, formatPercent } from './format';
import { toCents } from './money';
import { isStandardLine, lineNetCents } from './totals';
import type { InvoiceLine, VatBreakdownEntry } from './types';

export interface CreditableDocument {
  lines: readonly InvoiceLine[];
  /** Total including tax of the document (its stored or computed total). */
  ttc: number | string;
  vatBreakdown: readonly VatBreakdownEntry[];
}

export interface CreditRemaining {
  ttcCents: number;
  /** rate → HT cents still creditable at that rate. */
  baseCents: Map<number, number>;
  /** line key → HT cents still creditable on that line, with its label. */
  lineCents: Map<string, { label: string; cents: number }>;
}

const lineKey = (l: InvoiceLine) =>
  `${(l.code ?? '').trim()}\u0000${(l.label ?? '').trim()}\u0000${Number(l.vatRate) || 0}`;

function linesCents(lines: readonly InvoiceLine[]): Map<string, { label: string; cents: number }> {
  const out = new Map<string, { label: string; cents: number }>();
  for (const l of lines) {
    if (!isStandardLine(l)) continue;
    const k = lineKey(l);
    const prev = out.get(k) ?? { label: (l.label ?? '').trim() || (l.code ?? ''), cents: 0 };
    // Net of the line's own discount (decision 012): what the line actually charged.
    out.set(k, { ...prev, cents: prev.cents + lineNetCents(l) });
  }
  return out;
}

function basesCents(breakdown: readonly VatBreakdownEntry[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of breakdown) out.set(Number(e.rate), (out.get(Number(e.rate)) ?? 0) + toCents(e.base));
  return out;
}

/** What the credit notes already validated for `invoice` leave open. */
export function remainingToCredit(
  invoice: CreditableDocument,
  credits: readonly CreditableDocument[],
): CreditRemaining {
  const baseCents = basesCents(invoice.vatBreakdown);
  const lineCents = linesCents(invoice.lines);
  let ttcCents = toCents(invoice.ttc);
  for (const c of credits) {
    ttcCents -= toCents(c.ttc);
    for (const [rate, cents] of basesCents(c.vatBreakdown)) baseCents.set(rate, (baseCents.get(rate) ?? 0) - cents);
    for (const [k, v] of linesCents(c.lines)) {
      const open = lineCents.get(k);
      if (open) lineCents.set(k, { ...open, cents: open.cents - v.cents });
    }
  }
  return { ttcCents, baseCents, lineCents };
}

/** Total including tax still creditable, in euros (never below 0). */
export function creditableAmount(invoice: CreditableDocument, credits: readonly CreditableDocument[]): number {
  return Math.max(0, remainingToCredit(invoice, credits).ttcCents) / 100;
}

const euros = (cents: number) => formatMoney(Math.max(0, cents) / 100);
const rateText = (rate: number) => formatPercent(rate);

export const creditMessages = {
  fullyCredited: (n: string) => `La facture ${n} est déjà entièrement créditée : aucun nouvel avoir n’est possible.`,
  total: (n: string, asked: number, left: number) =>
    `Le montant de cet avoir (${euros(asked)} TTC) dépasse ce qui reste à créditer sur la facture ${n} : ${euros(left)} TTC.`,
  rate: (n: string, rate: number, asked: number, left: number) =>
    `Au taux de TVA de ${rateText(rate)}, cet avoir crédite ${euros(asked)} HT alors qu’il reste ${euros(left)} HT à créditer sur la facture ${n}.`,
  line: (n: string, label: string, asked: number, left: number) =>
    `Ligne « ${label} » : cet avoir crédite ${euros(asked)} HT alors qu’il reste ${euros(left)} HT à créditer sur cette ligne de la facture ${n}.`,
  /** Decision 046: a credit note is validated only with the invoice it corrects. */
  noCorrectedInvoice: 'Un avoir doit indiquer la facture qu’il corrige : choisissez la facture validée concernée.',
  onlyCreditNote: 'Seul un avoir peut faire référence à une facture corrigée.',
  notFound: 'La facture corrigée par cet avoir est introuvable.',
  notValidated: 'Un avoir ne peut corriger qu’une facture validée.',
  notInvoice: 'Un avoir ne peut corriger qu’une facture (pas un autre avoir).',
  otherCustomer: (n: string | null) =>
    n
      ? `L’avoir doit concerner le même client que la facture ${n} qu’il corrige.`
      : 'L’avoir doit concerner le même client que la facture qu’il corrige.',
};

/** The invoice a credit note names, as stored. */
export interface CorrectedInvoiceFacts {
  number: string | null;
  validated: boolean;
  type: string;
  customerId: number | null;
}

/**
 * The link of a document to the invoice it corrects, in French ([] when it holds): only a credit
 * note names one; it must exist (null: not found), be a validated invoice (not a credit note) of
 * the same customer. A credit note without one is refused at validation (checkInvoice).
 */
export function correctedInvoiceLinkErrors(
  doc: { type: string; correctedInvoiceId?: number | null },
  corrected: CorrectedInvoiceFacts | null,
  customerId: number | null,
): string[] {
  if (!doc.correctedInvoiceId) return [];
  if (doc.type !== 'Avoir') return [creditMessages.onlyCreditNote];
  if (!corrected) return [creditMessages.notFound];
  const errors: string[] = [];
  if (!corrected.validated) errors.push(creditMessages.notValidated);
  if (corrected.type !== 'Facture') errors.push(creditMessages.notInvoice);
  if (customerId !== null && corrected.customerId !== customerId)
    errors.push(creditMessages.otherCustomer(corrected.number));
  return errors;
}

/**
 * Every limit `creditNote` breaks, in French; [] when it fits in what remains. `priorCredits` are
 * the credit notes of the invoice already validated (never the one being judged).
 */
export function creditNoteLimitErrors(
  invoice: CreditableDocument & { number: string | null },
  priorCredits: readonly CreditableDocument[],
  creditNote: CreditableDocument,
): string[] {
  const n = invoice.number ?? '';
  const left = remainingToCredit(invoice, priorCredits);
  if (left.ttcCents <= 0) return [creditMessages.fullyCredited(n)];
  const errors: string[] = [];
  const asked = toCents(creditNote.ttc);
  if (asked > left.ttcCents) errors.push(creditMessages.total(n, asked, left.ttcCents));
  for (const [rate, cents] of basesCents(creditNote.vatBreakdown)) {
    const open = left.baseCents.get(rate) ?? 0;
    if (cents > open) errors.push(creditMessages.rate(n, rate, cents, open));
  }
  for (const [k, v] of linesCents(creditNote.lines)) {
    const open = left.lineCents.get(k);
    if (open && v.cents > open.cents) errors.push(creditMessages.line(n, open.label, v.cents, open.cents));
  }
  return errors;
}
