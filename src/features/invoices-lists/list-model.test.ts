import { describe, expect, it } from 'vitest';
import {
  countLabel,
  EMPTY_INVOICE_FILTERS,
  EMPTY_QUOTE_FILTERS,
  filterInvoices,
  filterQuotes,
  invoiceBadges,
  invoiceQuery,
  isOverdue,
  isSortedByRule,
  numberLabel,
  quoteQuery,
  sortDocuments,
  type InvoiceListRow,
  type QuoteListRow,
} from './list-model';

const TODAY = '2026-11-21';
let nextId = 1;
function inv(over: Partial<InvoiceListRow> & { i?: Partial<InvoiceListRow['invoice']> } = {}): InvoiceListRow {
  const { i, ...rest } = over;
  return {
    id: nextId++,
    number: 'F2026-0001',
    type: 'Facture',
    estimate: null,
    customer: { accountNumber: 'C00001', socialReason: 'Hôtel du Parc', name: 'Mme Durand' },
    invoice: {
      createdAt: '2026-11-02',
      dueDate: '2026-12-02',
      validated: true,
      sentAt: null,
      paidAt: null,
      ht: 100,
      tva: 20,
      ttc: 120,
      ...i,
    },
    ...rest,
  };
}
const draft = (id: number | string, createdAt = '2026-11-20') =>
  inv({ id, number: null, i: { validated: false, createdAt } });

describe('invoiceQuery', () => {
  it('sends only the filters set, the status as validated/state', () => {
    expect(invoiceQuery(EMPTY_INVOICE_FILTERS)).toEqual({});
    expect(
      invoiceQuery({ ...EMPTY_INVOICE_FILTERS, q: '  parc ', status: 'retard', type: 'Facture', from: '2026-01-01' }),
    ).toEqual({ q: 'parc', state: 'overdue', type: 'Facture', from: '2026-01-01' });
    expect(invoiceQuery({ ...EMPTY_INVOICE_FILTERS, status: 'brouillon' })).toEqual({ validated: 'false' });
    expect(invoiceQuery({ ...EMPTY_INVOICE_FILTERS, status: 'validee', validated: 'true' })).toEqual({
      validated: 'true',
    });
    expect(invoiceQuery({ ...EMPTY_INVOICE_FILTERS, validated: 'false', customer: 'C00002' })).toEqual({
      validated: 'false',
      customer: 'C00002',
    });
  });
  it('contradicting status and validation filters match nothing', () => {
    expect(invoiceQuery({ ...EMPTY_INVOICE_FILTERS, status: 'brouillon', validated: 'true' })).toBeNull();
    expect(filterInvoices([inv(), draft(99)], null, TODAY)).toEqual([]);
  });
});

describe('filterInvoices (offline, same semantics as GET /api/factures)', () => {
  const paid = inv({ number: 'F2026-0002', i: { paidAt: '2026-11-10' } });
  const overdue = inv({ number: 'F2026-0003', i: { dueDate: '2026-11-01' } });
  const dueToday = inv({ number: 'F2026-0004', i: { dueDate: TODAY } });
  const credit = inv({ number: 'AV2026-0001', type: 'Avoir', i: { dueDate: '2026-01-01' } });
  const other = inv({
    number: 'F2025-0090',
    customer: { accountNumber: 'C00002', socialReason: 'Épicerie Fine', name: '' },
    i: { createdAt: '2025-12-30' },
  });
  const d = draft(500);
  const rows = [d, paid, overdue, dueToday, credit, other];
  const ids = (q: Parameters<typeof filterInvoices>[1]) =>
    filterInvoices(rows, q, TODAY).map((r) => r.number ?? 'draft');

  it('searches number, customer and account, accents and case ignored, every word', () => {
    expect(ids({ q: 'epicerie' })).toEqual(['F2025-0090']);
    expect(ids({ q: 'HOTEL f2026-0003' })).toEqual(['F2026-0003']);
    expect(ids({ q: 'c00002' })).toEqual(['F2025-0090']);
    expect(ids({ q: 'parc inconnu' })).toEqual([]);
  });
  it('filters by state: paid, unpaid (validated invoices, not credit notes), overdue (due date passed)', () => {
    expect(ids({ state: 'paid' })).toEqual(['F2026-0002']);
    expect(ids({ state: 'unpaid' })).toEqual(['F2026-0003', 'F2026-0004', 'F2025-0090']);
    expect(ids({ state: 'overdue' })).toEqual(['F2026-0003']);
    expect(isOverdue(dueToday, TODAY)).toBe(false);
    expect(isOverdue(credit, TODAY)).toBe(false);
  });
  it('filters by validated flag, type, customer and billing period (bounds included)', () => {
    expect(ids({ validated: 'false' })).toEqual(['draft']);
    expect(ids({ type: 'Avoir' })).toEqual(['AV2026-0001']);
    expect(ids({ customer: 'C00002' })).toEqual(['F2025-0090']);
    expect(ids({ from: '2026-11-02', to: '2026-11-20' })).toEqual([
      'draft',
      'F2026-0002',
      'F2026-0003',
      'F2026-0004',
      'AV2026-0001',
    ]);
    expect(ids({ to: '2025-12-31' })).toEqual(['F2025-0090']);
  });
});

describe('sortDocuments (INV-26)', () => {
  it('puts drafts first (newest first), then numbers descending numerically across years and series', () => {
    const rows = [
      inv({ id: 1, number: 'F2026-0009' }),
      draft(3),
      inv({ id: 2, number: 'F2026-0010' }),
      draft('tmp-a'),
      inv({ id: 4, number: 'F2025-0099' }),
      draft(7),
      inv({ id: 5, number: 'AV2026-0001' }),
    ];
    const sorted = sortDocuments(rows).map((r) => r.number ?? `draft ${r.id}`);
    expect(sorted).toEqual([
      'draft tmp-a',
      'draft 7',
      'draft 3',
      'F2026-0010',
      'F2026-0009',
      'AV2026-0001',
      'F2025-0099',
    ]);
    expect(isSortedByRule(sortDocuments(rows).map((r) => r.number))).toBe(true);
    expect(isSortedByRule(['F2026-0009', 'F2026-0010'])).toBe(false);
    expect(isSortedByRule(['F2026-0009', null])).toBe(false);
  });
  it('sorts 10 000 rows quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, k) =>
      inv({ id: k, number: k % 50 === 0 ? null : `F${2025 + (k % 2)}-${String(k).padStart(5, '0')}` }),
    );
    const t0 = performance.now();
    const sorted = sortDocuments(many);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(isSortedByRule(sorted.map((r) => r.number))).toBe(true);
  });
});

describe('badges and labels', () => {
  it('shows the invoice page’s status: Brouillon, Validée, Envoyée, Payée, Partiellement payée, En retard, Avoir partiel/total', () => {
    const labels = (r: InvoiceListRow) => invoiceBadges(r, TODAY).map((b) => b.label);
    expect(labels(draft(1))).toEqual(['Brouillon']);
    expect(labels(inv())).toEqual(['Validée']);
    expect(labels(inv({ i: { sentAt: '2026-11-03T10:00:00Z' } }))).toEqual(['Envoyée']);
    expect(labels(inv({ i: { sentAt: '2026-11-03T10:00:00Z', paidAt: '2026-11-15' } }))).toEqual(['Payée']);
    expect(labels(inv({ i: { dueDate: '2026-11-20' } }))).toEqual(['En retard']);
    expect(labels(inv({ i: { amountPaid: 20, amountCredited: 0 } }))).toEqual(['Partiellement payée']);
    expect(labels(inv({ i: { dueDate: '2026-11-20', amountPaid: 20 } }))).toEqual(['En retard', 'Partiellement payée']);
    expect(labels(inv({ i: { amountCredited: 20 } }))).toEqual(['Avoir partiel']);
    expect(labels(inv({ i: { dueDate: '2026-11-20', amountCredited: 120 } }))).toEqual(['Avoir total']);
    expect(labels(inv({ type: 'Avoir', i: { dueDate: null } }))).toEqual(['Validée']);
  });
  it('names unnumbered documents "Brouillon" and counts in French', () => {
    expect(numberLabel(null)).toBe('Brouillon');
    expect(numberLabel('F2026-0001')).toBe('F2026-0001');
    expect(countLabel(0, 'document')).toBe('0 document');
    expect(countLabel(1, 'document')).toBe('1 document');
    expect(countLabel(10_000, 'document')).toBe('10\u202f000 documents');
    expect(countLabel(2, 'devis', 'devis')).toBe('2 devis');
  });
});

describe('quotes', () => {
  const q = (over: Partial<QuoteListRow>): QuoteListRow => ({
    id: nextId++,
    number: 'D2026-0001',
    state: 'En cours',
    customer: { accountNumber: 'C00001', socialReason: 'Hôtel du Parc', name: '' },
    createdAt: '2026-11-01',
    validatedAt: '2026-12-01',
    ht: 10,
    ttc: 12,
    invoiceId: null,
    ...over,
  });
  const rows = [
    q({ number: 'D2026-0004', state: 'Accepté' }),
    q({ number: 'D2026-0003', state: 'Annulé', createdAt: '2026-10-01' }),
    q({ number: 'D2026-0002', customer: { accountNumber: 'C00002', socialReason: 'Épicerie', name: '' } }),
  ];
  it('filters by state label, customer, period and search', () => {
    expect(quoteQuery({ ...EMPTY_QUOTE_FILTERS, state: 'Accepté', q: ' ' })).toEqual({ state: 'Accepté' });
    expect(filterQuotes(rows, { state: 'Accepté' }).map((r) => r.number)).toEqual(['D2026-0004']);
    expect(filterQuotes(rows, { customer: 'C00002' }).map((r) => r.number)).toEqual(['D2026-0002']);
    expect(filterQuotes(rows, { from: '2026-10-15' }).map((r) => r.number)).toEqual(['D2026-0004', 'D2026-0002']);
    expect(filterQuotes(rows, { q: 'EPICERIE' }).map((r) => r.number)).toEqual(['D2026-0002']);
  });
});
