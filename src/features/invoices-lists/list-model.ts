// The invoice and quote lists as the screens hold them: the rows of GET /api/factures and
// GET /api/estimates, the filters, the query those filters send, and the SAME filters applied to
// the device's copy when offline (one function of the query, so both modes agree).
import {
  amountDue,
  invoiceStatuses,
  isInvoiceOverdue,
  STATUS_COLORS,
  type SettlementFacts,
} from '../../domain/invoice-status';
import { compareDocumentNumbers, sortByNumberDesc } from '../../domain/sorting';
import { matchesSearch } from '../../domain/search-text';
import type { QuoteStateLabel } from '../../domain/types';
import { formatCount } from '../../domain/format';
import { lifecycleLabel } from '../../einvoice/lifecycle-codes';

export interface ListCustomer {
  socialReason: string;
  name: string;
  accountNumber: string;
}

/** A row of GET /api/factures (INV-18: id, customer, type, number, estimate, invoice). */
export interface InvoiceListRow {
  id: number | string;
  customer: ListCustomer | null;
  type: 'Facture' | 'Avoir' | '';
  number: string | null;
  estimate: { id: number; number: string } | null;
  invoice: {
    createdAt: string;
    dueDate: string | null;
    validated: boolean;
    sentAt: string | null;
    paidAt: string | null;
    ht: number;
    tva: number;
    ttc: number;
    /** Payments and credit notes received (decision 011); absent from rows kept by an older version. */
    amountPaid?: number;
    amountCredited?: number;
  };
  /** Decision 089: the last lifecycle status of the invoice sent (absent from rows kept by an older version). */
  lastStatus?: { code: string; label: string } | null;
  /** Created on this device and still in the outbox (temporary id). */
  local?: boolean;
}

/** A row of GET /api/estimates. */
export interface QuoteListRow {
  id: number | string;
  number: string | null;
  state: QuoteStateLabel;
  customer: ListCustomer | null;
  createdAt: string;
  validatedAt: string | null;
  ht: number;
  ttc: number;
  invoiceId: number | null;
  local?: boolean;
}

export type InvoiceStatusFilter = '' | 'brouillon' | 'validee' | 'payee' | 'impayee' | 'retard';
export interface InvoiceFilters {
  q: string;
  customer: string;
  status: InvoiceStatusFilter;
  type: '' | 'Facture' | 'Avoir';
  validated: '' | 'true' | 'false';
  from: string;
  to: string;
  /** Decision 089: the last lifecycle status's code, '' for any. */
  lifecycle: string;
}
export interface QuoteFilters {
  q: string;
  customer: string;
  state: '' | QuoteStateLabel;
  from: string;
  to: string;
}

export const EMPTY_INVOICE_FILTERS: InvoiceFilters = {
  q: '',
  customer: '',
  status: '',
  type: '',
  validated: '',
  from: '',
  to: '',
  lifecycle: '',
};
export const EMPTY_QUOTE_FILTERS: QuoteFilters = { q: '', customer: '', state: '', from: '', to: '' };

/** Decision 089: the lifecycle statuses an invoice sent may show last (the list's « Cycle de vie » filter). */
export const LIFECYCLE_FILTER_OPTIONS: Array<{ value: string; label: string }> = [
  '200',
  '202',
  '203',
  '204',
  '205',
  '206',
  '207',
  '208',
  '210',
  '211',
  '212',
  '213',
].map((code) => ({ value: code, label: lifecycleLabel(code) }));

export const INVOICE_STATUS_OPTIONS: Array<{ value: InvoiceStatusFilter; label: string }> = [
  { value: 'brouillon', label: 'Brouillon' },
  { value: 'validee', label: 'Validée' },
  { value: 'payee', label: 'Payée' },
  { value: 'impayee', label: 'Impayée' },
  { value: 'retard', label: 'En retard' },
];

/** The query string of GET /api/factures (without paging). */
export interface InvoiceQuery {
  q?: string;
  customer?: string;
  type?: 'Facture' | 'Avoir';
  validated?: 'true' | 'false';
  from?: string;
  to?: string;
  state?: 'paid' | 'unpaid' | 'overdue';
  lifecycle?: string;
}
export interface QuoteQuery {
  q?: string;
  customer?: string;
  state?: QuoteStateLabel;
  from?: string;
  to?: string;
}

const STATE_OF: Partial<Record<InvoiceStatusFilter, InvoiceQuery['state']>> = {
  payee: 'paid',
  impayee: 'unpaid',
  retard: 'overdue',
};
const VALIDATED_OF: Partial<Record<InvoiceStatusFilter, 'true' | 'false'>> = { brouillon: 'false', validee: 'true' };

const clean = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

/**
 * Filters → query. "Brouillon"/"Validée" are the validated flag; with a contradicting "Validation"
 * filter nothing can match: null (no request needed, the list is empty).
 */
export function invoiceQuery(f: InvoiceFilters): InvoiceQuery | null {
  const fromStatus = VALIDATED_OF[f.status];
  if (fromStatus && f.validated && fromStatus !== f.validated) return null;
  return clean({
    q: f.q.trim(),
    customer: f.customer,
    type: f.type || undefined,
    validated: fromStatus ?? (f.validated || undefined),
    from: f.from,
    to: f.to,
    state: STATE_OF[f.status],
    lifecycle: f.lifecycle || undefined,
  });
}

export function quoteQuery(f: QuoteFilters): QuoteQuery {
  return clean({ q: f.q.trim(), customer: f.customer, state: f.state || undefined, from: f.from, to: f.to });
}

const searchText = (number: string | null, c: ListCustomer | null) =>
  [number, c?.accountNumber, c?.socialReason, c?.name].filter(Boolean).join(' ');

/** The row as the rulebook's settlement facts (src/domain/invoice-status); an old row's paidAt means paid in full. */
export function settlementOf(row: InvoiceListRow): SettlementFacts {
  const i = row.invoice;
  return {
    type: row.type,
    validated: i.validated,
    sentAt: i.sentAt,
    dueDate: i.dueDate,
    ttc: i.ttc,
    paid: i.amountPaid ?? (i.paidAt ? i.ttc : 0),
    credited: i.amountCredited ?? 0,
  };
}

/** The server's rule (validated invoices, not credit notes, something still due, due date passed). */
export function isOverdue(row: InvoiceListRow, today: string): boolean {
  return !row.invoice.paidAt && isInvoiceOverdue(settlementOf(row), today);
}

const isUnpaid = (row: InvoiceListRow) => !row.invoice.paidAt && amountDue(settlementOf(row)) > 0;

/** GET /api/factures's filters on rows of the device's copy (offline). Keeps the order. */
export function filterInvoices(
  rows: readonly InvoiceListRow[],
  q: InvoiceQuery | null,
  today: string,
): InvoiceListRow[] {
  if (!q) return [];
  return rows.filter((r) => {
    const i = r.invoice;
    if (q.q && !matchesSearch(searchText(r.number, r.customer), q.q)) return false;
    if (q.customer && r.customer?.accountNumber !== q.customer) return false;
    if (q.type && r.type !== q.type) return false;
    if (q.validated && i.validated !== (q.validated === 'true')) return false;
    if (q.from && !(i.createdAt >= q.from)) return false;
    if (q.to && !(i.createdAt <= q.to)) return false;
    if (q.state === 'paid' && !i.paidAt) return false;
    if (q.state === 'unpaid' && !isUnpaid(r)) return false;
    if (q.state === 'overdue' && !isOverdue(r, today)) return false;
    if (q.lifecycle && r.lastStatus?.code !== q.lifecycle) return false;
    return true;
  });
}

export function filterQuotes(rows: readonly QuoteListRow[], q: QuoteQuery): QuoteListRow[] {
  return rows.filter((r) => {
    if (q.q && !matchesSearch(searchText(r.number, r.customer), q.q)) return false;
    if (q.customer && r.customer?.accountNumber !== q.customer) return false;
    if (q.state && r.state !== q.state) return false;
    if (q.from && !(r.createdAt >= q.from)) return false;
    if (q.to && !(r.createdAt <= q.to)) return false;
    return true;
  });
}

/** Newest first among equals: documents made on this device (temporary ids), then id descending. */
function byIdDesc(a: { id: number | string }, b: { id: number | string }): number {
  const na = typeof a.id === 'number' ? a.id : Number.POSITIVE_INFINITY;
  const nb = typeof b.id === 'number' ? b.id : Number.POSITIVE_INFINITY;
  return na === nb ? 0 : na > nb ? -1 : 1;
}

/** INV-26 (sortByNumberDesc): drafts first (newest first, as the server), then number descending. */
export function sortDocuments<T extends { id: number | string; number?: string | null }>(rows: readonly T[]): T[] {
  return sortByNumberDesc([...rows].sort(byIdDesc));
}

/** For tests and assertions: true when rows follow the rule. */
export function isSortedByRule(numbers: ReadonlyArray<string | null>): boolean {
  let seenNumber: string | null = null;
  for (const n of numbers) {
    if (!n) {
      if (seenNumber !== null) return false;
      continue;
    }
    if (seenNumber !== null && compareDocumentNumbers(seenNumber, n) < 0) return false;
    seenNumber = n;
  }
  return true;
}

export interface StatusBadge {
  label: string;
  color: string;
}

/** The invoice page's status (Brouillon … Avoir total), then what it hides (src/domain/invoice-status). */
const LIFECYCLE_COLORS: Record<string, string> = {
  '205': 'teal',
  '207': 'orange',
  '210': 'red',
  '212': 'green',
  '213': 'red',
};

/** The invoice's statuses, then its last lifecycle status (decision 089) when the platform sent one. */
export function invoiceBadges(row: InvoiceListRow, today: string): StatusBadge[] {
  const badges = invoiceStatuses(settlementOf(row), today).map((label) => ({ label, color: STATUS_COLORS[label] }));
  const last = row.lastStatus;
  return last ? [...badges, { label: last.label, color: LIFECYCLE_COLORS[last.code] ?? 'gray' }] : badges;
}

const QUOTE_COLORS: Record<QuoteStateLabel, string> = {
  'En cours': 'blue',
  Accepté: 'teal',
  Facturé: 'green',
  Annulé: 'gray',
};
export const quoteBadge = (state: QuoteStateLabel): StatusBadge => ({
  label: state,
  color: QUOTE_COLORS[state] ?? 'gray',
});

export const customerLabel = (c: ListCustomer | null | undefined) =>
  c?.socialReason || c?.name || c?.accountNumber || '';
export const numberLabel = (n: string | null | undefined) => (n && n.trim() ? n : 'Brouillon');

/** French plural from 2 on: '0 document', '1 document', '1 234 documents'. */
export function countLabel(n: number, singular: string, plural = `${singular}s`): string {
  return formatCount(n, singular, plural);
}
