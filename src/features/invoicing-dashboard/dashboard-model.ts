// The invoicing dashboard as GET /api/factures/etat answers it, and how its figures read.
import { formatEuro } from '../../domain/money';

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

const MONTH_SHORT = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const MONTH_LONG = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const toDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** '2026-03' → 'mars 26' (chart axis). */
export const monthShort = (month: string) => MONTH_SHORT.format(toDate(month));
/** '2026-03' → 'mars 2026'. */
export const monthLong = (month: string) => MONTH_LONG.format(toDate(month));

export const TURNOVER_SERIES = 'Chiffre d’affaires HT';

/** One bar per month; the month's full name stays for the tooltip and the table read aloud. */
export function chartData(monthly: InvoicingDashboard['monthly']): Array<{ mois: string; moisLong: string; [TURNOVER_SERIES]: number }> {
  return monthly.map((m) => ({ mois: monthShort(m.month), moisLong: monthLong(m.month), [TURNOVER_SERIES]: m.ht }));
}

/** Axis ticks: '0 €', '850 €', '12 k€', '1,2 M€'. */
export function compactEuro(n: number): string {
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `${(n / 1_000_000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} M€`;
  if (abs >= 1_000) return `${(n / 1_000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} k€`;
  return `${n.toLocaleString('fr-FR', { maximumFractionDigits: 0 })} €`;
}

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** '3 / 5 factures validées ce mois-ci' (singular up to 1, as French counts). */
export function limitText(validated: number, limit: number): string {
  return `${validated} / ${limit} ${plural(validated, 'facture validée', 'factures validées')} ce mois-ci`;
}

export interface LimitGauge { percent: number; color: string; note: string }

export function limitGauge(validated: number, limit: number): LimitGauge {
  const percent = limit > 0 ? Math.min(100, Math.round((validated / limit) * 100)) : 100;
  if (validated >= limit) return { percent, color: 'red', note: 'Limite atteinte : la prochaine validation sera refusée jusqu’au mois prochain.' };
  const left = limit - validated;
  return { percent, color: percent >= 80 ? 'orange' : 'blue', note: `Encore ${left} ${plural(left, 'validation possible', 'validations possibles')} ce mois-ci (abonnement Starter).` };
}

/** '2 factures', '1 facture', '0 facture'. */
export const invoiceCount = (n: number) => `${n.toLocaleString('fr-FR')} ${plural(n, 'facture', 'factures')}`;
export const quoteCount = (n: number) => `${n.toLocaleString('fr-FR')} devis`;

/** An answer too old or odd to read (fields missing) counts as none: the screen shows its empty state. */
export function isDashboard(value: unknown): value is InvoicingDashboard {
  const d = value as Partial<InvoicingDashboard> | null;
  return !!d && typeof d.turnoverMonth === 'number' && typeof d.turnoverYear === 'number' && Array.isArray(d.monthly);
}

export const euro = (n: number) => formatEuro(n);
