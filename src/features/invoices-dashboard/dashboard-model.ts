import { formatCount, formatMoney, formatMonth } from '../../domain/format';
// The invoicing dashboard as GET /api/factures/etat answers it, and how its figures read.

export interface InvoicingDashboard {
  turnoverMonth: number;
  turnoverYear: number;
  unpaidAmount: number;
  unpaidCount: number;
  overdueAmount: number;
  overdueCount: number;
  /** null for a user who may not see quotes (listeDevis view). */
  openQuotesAmount: number | null;
  openQuotesCount: number | null;
  validatedThisMonth: number;
  /** The Starter subscription's monthly limit of validated invoices; null when unlimited. */
  monthlyLimit: number | null;
  subscriptionInvoice: string | null;
  /** The 12 months ending with the current one, oldest first: [{ month: '2026-03', ht }]. */
  monthly: Array<{ month: string; ht: number }>;
}

/** '2026-03' → 'mars 26' (chart axis). */
export const monthShort = (month: string) => formatMonth(month, 'short');
/** '2026-03' → 'mars 2026'. */
export const monthLong = (month: string) => formatMonth(month, 'long');

export const TURNOVER_SERIES = 'Chiffre d’affaires HT';

/** One bar per month; the month's full name stays for the tooltip and the table read aloud. */
export function chartData(
  monthly: InvoicingDashboard['monthly'],
): Array<{ mois: string; moisLong: string; [TURNOVER_SERIES]: number }> {
  return monthly.map((m) => ({ mois: monthShort(m.month), moisLong: monthLong(m.month), [TURNOVER_SERIES]: m.ht }));
}

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** '3 / 5 factures validées ce mois-ci' (singular up to 1, as French counts). */
export function limitText(validated: number, limit: number): string {
  return `${validated} / ${limit} ${plural(validated, 'facture validée', 'factures validées')} ce mois-ci`;
}

export interface LimitGauge {
  percent: number;
  color: string;
  note: string;
}

export function limitGauge(validated: number, limit: number): LimitGauge {
  const percent = limit > 0 ? Math.min(100, Math.round((validated / limit) * 100)) : 100;
  if (validated >= limit)
    return {
      percent,
      color: 'red',
      note: 'Limite atteinte : la prochaine validation sera refusée jusqu’au mois prochain.',
    };
  const left = limit - validated;
  return {
    percent,
    color: percent >= 80 ? 'orange' : 'blue',
    note: `Encore ${left} ${plural(left, 'validation possible', 'validations possibles')} ce mois-ci (abonnement Starter).`,
  };
}

/** '2 factures', '1 facture', '0 facture'. */
export const invoiceCount = (n: number) => formatCount(n, 'facture');
export const quoteCount = (n: number) => formatCount(n, 'devis', 'devis');

/** An answer too old or odd to read (fields missing) counts as none: the screen shows its empty state. */
export function isDashboard(value: unknown): value is InvoicingDashboard {
  const d = value as Partial<InvoicingDashboard> | null;
  return !!d && typeof d.turnoverMonth === 'number' && typeof d.turnoverYear === 'number' && Array.isArray(d.monthly);
}

export const euro = (n: number) => formatMoney(n);
