// « Factures reçues » (decision 046): the EN 16931 rules that matter to a client receiving a supplier's
// e-invoice, in plain French, each with its rule id. Arithmetic and consistency (the totals, the
// VAT per rate, the line amounts) are 'erreur'; missing data a French invoice is expected to carry
// is 'avertissement'. Pure: the server stores the result, the app could run it too.
import { formatMoney, formatNumber, formatPercent } from '../domain/format';
import type { EInvoice, EInvoiceFinding } from './types';

/** What a file says that the model does not carry, read by parse.ts; all optional for our own invoices. */
export interface EInvoiceRawFigures {
  /** Document-level charges (BG-21). */
  charges: { amount: number; vatCategory: string; vatRate: number; reason: string }[];
  /** BT-108, when stated. */
  chargeTotal: number;
  /** BT-114. */
  roundingAmount: number;
  /** BT-5 as written ('' when absent). */
  currency: string;
  /** BT-3 as written ('' when absent). */
  typeCode: string;
  /** BT-24 as written ('' when absent). */
  specification: string;
  /** The document totals the file does not give (they cannot be checked, and are themselves a finding). */
  absentTotals: Array<keyof EInvoice['totals']>;
  /** Per line, in order: price base quantity (BT-149), line allowances and charges (BG-27, BG-28). */
  lines: { basisQuantity: number; allowances: number; charges: number }[];
  /** Payment terms (BT-20) are given. */
  hasPaymentTerms: boolean;
}

const NONE: EInvoiceRawFigures = {
  charges: [],
  chargeTotal: 0,
  roundingAmount: 0,
  currency: 'EUR',
  typeCode: '',
  specification: '',
  absentTotals: [],
  lines: [],
  hasPaymentTerms: false,
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CATEGORY_NAMES: Record<string, string> = {
  S: 'taux normal ou réduit',
  Z: 'taux zéro',
  E: 'exonérée',
  AE: 'autoliquidation',
  K: 'livraison intracommunautaire',
  G: 'exportation hors UE',
  O: 'hors champ de la TVA',
  L: 'Canaries (IGIC)',
  M: 'Ceuta et Melilla (IPSI)',
};

/** Cents, rounded half away from zero (a float's binary error never flips a half). */
const cents = (n: number) => Math.sign(n) * Math.round(Math.abs(n) * 100 + 1e-7);
const round2 = (n: number) => cents(n) / 100;
const sum = (xs: number[]) => round2(xs.reduce((a, b) => a + cents(b), 0) / 100);
/** Equal to the cent. */
const same = (a: number, b: number) => cents(a) === cents(b);
const money = (n: number) => formatMoney(n);

/** « à 20 % » for S, « exonérée (E) » for the others. */
function vatLabel(category: string, rate: number): string {
  if (category === 'S') return `à ${formatPercent(rate)}`;
  return `${CATEGORY_NAMES[category] ?? 'de catégorie'} (${category}${rate ? `, ${formatPercent(rate)}` : ''})`;
}

/** A date that exists: 'YYYY-MM-DD' with a real day. */
export function isRealDate(date: string): boolean {
  const m = ISO_DATE.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Where each group of checks reports, in the order it checks. */
interface Findings {
  error(rule: string, message: string): void;
  warn(rule: string, message: string): void;
}

/** BR-01 … BR-16: the mandatory data, and the currency when it is not the euro. */
function checkMandatoryData(
  e: EInvoice,
  r: EInvoiceRawFigures,
  raw: Partial<EInvoiceRawFigures>,
  { error, warn }: Findings,
): void {
  if (raw.specification !== undefined && !r.specification.trim())
    error('BR-01', 'La facture n’indique pas la norme qu’elle suit (identifiant de spécification).');
  if (!e.number.trim()) error('BR-02', 'La facture n’a pas de numéro.');
  if (!e.issueDate) error('BR-03', 'La facture n’a pas de date d’émission.');
  if (raw.typeCode !== undefined && !r.typeCode.trim())
    error('BR-04', 'Le type de document (facture ou avoir) n’est pas indiqué.');
  if (raw.currency !== undefined && !r.currency.trim()) error('BR-05', 'La devise de la facture n’est pas indiquée.');
  else if (r.currency && r.currency !== 'EUR')
    warn('DEVISE', `La facture est en ${r.currency} : les montants ne sont pas en euros.`);
  if (!e.seller.name.trim()) error('BR-06', 'Le nom du fournisseur n’est pas indiqué.');
  if (!e.buyer.name.trim()) error('BR-07', 'Le nom de l’acheteur n’est pas indiqué.');
  if (!e.seller.address.countryCode.trim()) error('BR-09', 'Le pays de l’adresse du fournisseur n’est pas indiqué.');
  if (e.lines.length === 0) error('BR-16', 'La facture n’a aucune ligne.');
  const missingTotal: Array<[keyof EInvoice['totals'], string, string]> = [
    ['lineTotal', 'BR-12', 'Le total des lignes (HT) n’est pas indiqué.'],
    ['taxBasis', 'BR-13', 'Le total HT n’est pas indiqué.'],
    ['grandTotal', 'BR-14', 'Le total TTC n’est pas indiqué.'],
    ['duePayable', 'BR-15', 'Le montant à payer n’est pas indiqué.'],
  ];
  const absent = new Set(r.absentTotals);
  for (const [key, rule, message] of missingTotal) if (absent.has(key)) error(rule, message);
}

/** BR-03, BT-9, BT-72: the dates given exist. */
function checkDatesExist(e: EInvoice, { error }: Findings): void {
  const dates: Array<[string | undefined, string, string]> = [
    [e.issueDate, 'BR-03', 'La date d’émission'],
    [e.dueDate, 'BT-9', 'La date d’échéance'],
    [e.deliveryDate, 'BT-72', 'La date de livraison ou de prestation'],
  ];
  for (const [date, rule, label] of dates)
    if (date && !isRealDate(date)) error(rule, `${label} « ${date} » n’est pas une date qui existe.`);
}

/** PEPPOL-EN16931-R120: net = quantity × price ÷ base quantity − allowances + charges (rounding tolerated). */
function checkLineAmounts(e: EInvoice, r: EInvoiceRawFigures, { error }: Findings): void {
  e.lines.forEach((line, i) => {
    const extra = r.lines[i] ?? { basisQuantity: 1, allowances: line.discount, charges: 0 };
    const basis = extra.basisQuantity > 0 ? extra.basisQuantity : 1;
    const expected = round2((line.quantity * line.unitPrice) / basis - extra.allowances + extra.charges);
    if (Math.abs(cents(expected) - cents(line.netAmount)) > 1)
      error(
        'PEPPOL-EN16931-R120',
        `Ligne ${line.id || i + 1} « ${line.name} » : le montant HT (${money(line.netAmount)}) ne correspond pas ` +
          `à la quantité (${formatNumber(line.quantity, 4)}) multipliée par le prix unitaire ` +
          `(${formatNumber(line.unitPrice, 4, 2)}\u00a0€)${extra.allowances || extra.charges ? ', remises et frais compris' : ''} : ` +
          `${money(expected)} attendus.`,
      );
  });
}

/** BR-CO-10 … BR-CO-12: the lines', allowances' and charges' totals are their sums. */
function checkSumTotals(e: EInvoice, r: EInvoiceRawFigures, { error }: Findings): void {
  const t = e.totals;
  const lineSum = sum(e.lines.map((l) => l.netAmount));
  if (!r.absentTotals.includes('lineTotal') && e.lines.length > 0 && !same(t.lineTotal, lineSum))
    error(
      'BR-CO-10',
      `Le total des lignes (${money(t.lineTotal)}) ne correspond pas à la somme des montants HT des lignes (${money(lineSum)}).`,
    );
  const allowanceSum = sum(e.allowances.map((a) => a.amount));
  if (!same(t.allowanceTotal, allowanceSum))
    error(
      'BR-CO-11',
      `Le total des remises (${money(t.allowanceTotal)}) ne correspond pas à la somme des remises de la facture (${money(allowanceSum)}).`,
    );
  const chargeSum = sum(r.charges.map((c) => c.amount));
  if (!same(r.chargeTotal, chargeSum))
    error(
      'BR-CO-12',
      `Le total des frais (${money(r.chargeTotal)}) ne correspond pas à la somme des frais de la facture (${money(chargeSum)}).`,
    );
}

/** BR-CO-13 … BR-CO-16: the tax basis, the VAT, the grand total and the amount due add up. */
function checkDerivedTotals(e: EInvoice, r: EInvoiceRawFigures, { error }: Findings): void {
  const t = e.totals;
  const absent = new Set(r.absentTotals);
  const basisExpected = round2(t.lineTotal - t.allowanceTotal + r.chargeTotal);
  if (!absent.has('taxBasis') && !absent.has('lineTotal') && !same(t.taxBasis, basisExpected))
    error(
      'BR-CO-13',
      `Le total HT (${money(t.taxBasis)}) ne correspond pas au total des lignes, remises déduites et frais ajoutés (${money(basisExpected)}).`,
    );
  const vatSum = sum(e.vatBreakdown.map((v) => v.vat));
  if (e.vatBreakdown.length > 0 && !same(t.vatTotal, vatSum))
    error(
      'BR-CO-14',
      `Le total de la TVA (${money(t.vatTotal)}) ne correspond pas à la somme de la TVA par taux (${money(vatSum)}).`,
    );
  const grandExpected = round2(t.taxBasis + t.vatTotal);
  if (!absent.has('grandTotal') && !absent.has('taxBasis') && !same(t.grandTotal, grandExpected))
    error(
      'BR-CO-15',
      `Le total TTC (${money(t.grandTotal)}) ne correspond pas au total HT plus la TVA (${money(grandExpected)}).`,
    );
  const dueExpected = round2(t.grandTotal - t.prepaid + r.roundingAmount);
  if (!absent.has('duePayable') && !absent.has('grandTotal') && !same(t.duePayable, dueExpected))
    error(
      'BR-CO-16',
      `Le montant à payer (${money(t.duePayable)}) ne correspond pas au total TTC moins les acomptes déjà versés (${money(dueExpected)}).`,
    );
}

interface VatGroup {
  category: string;
  rate: number;
  amounts: number[];
}

const vatKey = (category: string, rate: number) => `${category}|${round2(rate)}`;

/** The amounts of the lines, allowances (negative) and charges, by VAT category and rate. */
function vatGroups(e: EInvoice, r: EInvoiceRawFigures): Map<string, VatGroup> {
  const groups = new Map<string, VatGroup>();
  const group = (category: string, rate: number) => {
    const k = vatKey(category, rate);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { category, rate, amounts: [] }));
    return g;
  };
  for (const l of e.lines) group(l.vatCategory, l.vatRate).amounts.push(l.netAmount);
  for (const a of e.allowances) group(a.vatCategory, a.vatRate).amounts.push(-a.amount);
  for (const c of r.charges) group(c.vatCategory, c.vatRate).amounts.push(c.amount);
  return groups;
}

/** BR-CO-18, BR-x-08, BR-CO-17: the VAT per rate is given, on the right base, at the right amount. */
function checkVatBreakdown(e: EInvoice, r: EInvoiceRawFigures, { error }: Findings): void {
  if (e.vatBreakdown.length === 0 && e.lines.length > 0)
    error('BR-CO-18', 'La facture ne donne pas le détail de la TVA par taux.');
  const groups = vatGroups(e, r);
  const stated = new Set<string>();
  for (const v of e.vatBreakdown) {
    stated.add(vatKey(v.category, v.rate));
    const g = groups.get(vatKey(v.category, v.rate));
    const expectedBase = sum(g?.amounts ?? []);
    if (!same(v.base, expectedBase))
      error(
        `BR-${v.category}-08`,
        `La base de TVA ${vatLabel(v.category, v.rate)} (${money(v.base)}) ne correspond pas aux lignes à ce taux, ` +
          `remises déduites et frais ajoutés (${money(expectedBase)}).`,
      );
    const expectedVat = round2((v.base * v.rate) / 100);
    if (Math.abs(cents(expectedVat) - cents(v.vat)) > 1)
      error(
        'BR-CO-17',
        `La TVA ${vatLabel(v.category, v.rate)} (${money(v.vat)}) ne correspond pas à la base (${money(v.base)}) ` +
          `multipliée par le taux : ${money(expectedVat)} attendus.`,
      );
  }
  if (e.vatBreakdown.length > 0)
    for (const [k, g] of groups)
      if (!stated.has(k))
        error(
          `BR-${g.category}-08`,
          `Des montants ${vatLabel(g.category, g.rate)} (${money(sum(g.amounts))} HT) n’apparaissent pas dans le détail de la TVA.`,
        );
}

/** BR-S-02, BR-x-10: the seller's VAT number when VAT is charged, the exemption's mention otherwise. */
function checkVatIdentifiersAndClauses(e: EInvoice, { error }: Findings): void {
  const usesS = e.lines.some((l) => l.vatCategory === 'S') || e.vatBreakdown.some((v) => v.category === 'S');
  if (usesS && !e.seller.vatNumber)
    error(
      'BR-S-02',
      'Le numéro de TVA intracommunautaire du fournisseur n’est pas indiqué, alors que la facture porte de la TVA.',
    );
  for (const v of e.vatBreakdown)
    if (['E', 'AE', 'K', 'G', 'O'].includes(v.category) && !v.exemptionReason && !v.exemptionCode)
      error(
        `BR-${v.category}-10`,
        `La mention d’exonération de TVA (catégorie ${vatLabel(v.category, v.rate)}) n’est pas indiquée.`,
      );
}

/** Expected in France, not required by EN 16931: warnings only. */
function checkFrenchExpectations(e: EInvoice, r: EInvoiceRawFigures, { warn }: Findings): void {
  if (!e.seller.siren && !e.seller.siret) warn('SIREN', 'Le SIREN du fournisseur n’est pas indiqué.');
  if (!e.dueDate && !r.hasPaymentTerms && e.totals.duePayable > 0)
    warn('BR-CO-25', 'Ni la date d’échéance ni les conditions de paiement ne sont indiquées.');
}

/** The findings on one invoice; none when it is complete and consistent. */
export function checkEInvoice(e: EInvoice, raw: Partial<EInvoiceRawFigures> = {}): EInvoiceFinding[] {
  const r = { ...NONE, ...raw };
  const out: EInvoiceFinding[] = [];
  const findings: Findings = {
    error: (rule, message) => out.push({ rule, severity: 'erreur', message }),
    warn: (rule, message) => out.push({ rule, severity: 'avertissement', message }),
  };
  checkMandatoryData(e, r, raw, findings);
  checkDatesExist(e, findings);
  checkLineAmounts(e, r, findings);
  checkSumTotals(e, r, findings);
  checkDerivedTotals(e, r, findings);
  checkVatBreakdown(e, r, findings);
  checkVatIdentifiersAndClauses(e, findings);
  checkFrenchExpectations(e, r, findings);
  return out;
}

/** 'conforme' when no finding is an error (warnings are shown, but do not make the invoice faulty). */
export function receivedStatus(findings: readonly EInvoiceFinding[]): {
  status: 'conforme' | 'anomalies';
  statusLabel: string;
} {
  const errors = findings.filter((f) => f.severity === 'erreur').length;
  return errors === 0
    ? { status: 'conforme', statusLabel: 'Conforme' }
    : { status: 'anomalies', statusLabel: errors === 1 ? '1 anomalie' : `${errors} anomalies` };
}
