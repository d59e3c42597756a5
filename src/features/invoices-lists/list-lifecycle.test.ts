// Decision 089: the invoice list filters on the last lifecycle status, online (the query) and offline
// (the device's rows) alike, and shows it beside the invoice's own statuses.
import { describe, expect, it } from 'vitest';
import { EMPTY_INVOICE_FILTERS, filterInvoices, invoiceBadges, invoiceQuery, type InvoiceListRow } from './list-model';

const row = (id: number, lastStatus: InvoiceListRow['lastStatus']): InvoiceListRow => ({
  id,
  customer: { socialReason: 'Hôtel du Parc', name: 'Durand', accountNumber: 'C00001' },
  type: 'Facture',
  number: `F2026-000${id}`,
  estimate: null,
  invoice: {
    createdAt: '2026-12-01',
    dueDate: '2026-12-31',
    validated: true,
    sentAt: null,
    paidAt: null,
    ht: 100,
    tva: 20,
    ttc: 120,
  },
  lastStatus,
});

describe('the « Cycle de vie » filter', () => {
  it('sends the code, and keeps offline only the rows whose last status has it', () => {
    const q = invoiceQuery({ ...EMPTY_INVOICE_FILTERS, lifecycle: '210' });
    expect(q).toEqual({ lifecycle: '210' });
    const rows = [row(1, { code: '210', label: 'Refusée' }), row(2, { code: '205', label: 'Approuvée' }), row(3, null)];
    expect(filterInvoices(rows, q, '2026-12-02').map((r) => r.id)).toEqual([1]);
    expect(filterInvoices(rows, invoiceQuery(EMPTY_INVOICE_FILTERS), '2026-12-02')).toHaveLength(3);
  });

  it('shows the last status after the invoice’s own', () => {
    expect(invoiceBadges(row(1, { code: '210', label: 'Refusée' }), '2026-12-02').at(-1)).toEqual({
      label: 'Refusée',
      color: 'red',
    });
    expect(invoiceBadges(row(3, null), '2026-12-02').some((b) => b.label === 'Refusée')).toBe(false);
  });
});
