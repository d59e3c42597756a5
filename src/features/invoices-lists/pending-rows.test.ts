import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../data/outbox';
import type { InvoicePayload } from '../../domain/types';
import { createdOnDevice, localInvoiceRow, localQuoteRow, pendingIds } from './pending-rows';

let seq = 0;
const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  id: `e${++seq}`,
  seq,
  createdAt: 0,
  updatedAt: 0,
  state: 'pending',
  method: 'PUT',
  path: '',
  companyId: 1,
  docKey: '',
  label: '',
  kind: '',
  idempotencyKey: 'k',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});

const payload = (designation: string): InvoicePayload => ({
  designation,
  customer: { accountNumber: 'C00001' },
  type: 'Facture',
  createdAt: '2026-11-20',
  dueDate: '2026-12-20',
  paymentMode: 'Virement',
  billingAddress: '',
  lines: [
    {
      code: 'A',
      type: 'Standard',
      label: 'Pain',
      quantity: 3,
      unitMeasurement: '',
      unitPrice: 10,
      salesAccount: '706000',
      vatRate: 20,
    },
    {
      code: 'CC',
      type: 'Commentaire',
      label: 'Merci',
      quantity: 0,
      unitMeasurement: '',
      unitPrice: 0,
      salesAccount: '',
      vatRate: 0,
    },
  ],
  vatClause: '',
  calculatesBasisTTC: false,
});

describe('documents in the outbox', () => {
  const entries = [
    entry({ method: 'POST', path: 'invoices', createsTempId: 'tmp-1', body: payload('first') }),
    entry({ method: 'PUT', path: 'invoices/12/payment', body: { paidAt: null } }),
    entry({ method: 'PUT', path: '/invoices/tmp-1', body: payload('second save') }),
    entry({ method: 'POST', path: 'invoices/preview', body: payload('x') }),
    entry({ method: 'PATCH', path: 'estimates/7', body: { state: 'Accepté' } }),
    entry({ method: 'POST', path: 'estimates/8/convert', createsTempId: 'tmp-2' }),
    entry({ method: 'POST', path: 'items', body: {} }),
  ];
  it('knows which documents still have a change to send', () => {
    expect([...pendingIds(entries, 'invoices')].sort()).toEqual(['12', 'tmp-1']);
    expect([...pendingIds(entries, 'estimates')].sort()).toEqual(['7', '8']);
  });
  it('lists the documents created on the device with their latest saved content', () => {
    const created = createdOnDevice<InvoicePayload>(entries, 'invoices');
    expect(created.map((c) => [c.tempId, c.payload.designation])).toEqual([['tmp-1', 'second save']]);
    expect(createdOnDevice(entries, 'estimates')).toEqual([]);
  });
  it('shows them as unnumbered drafts with their totals and customer name', () => {
    const row = localInvoiceRow('tmp-1', payload('p'), (a) =>
      a === 'C00001' ? { accountNumber: a, socialReason: 'Hôtel du Parc', name: '' } : undefined,
    );
    expect(row).toMatchObject({
      id: 'tmp-1',
      number: null,
      local: true,
      type: 'Facture',
      customer: { socialReason: 'Hôtel du Parc' },
      invoice: { validated: false, ht: 30, tva: 6, ttc: 36 },
    });
    const quote = localQuoteRow('tmp-3', { ...payload('q'), validatedAt: '2026-12-20' }, () => undefined);
    expect(quote).toMatchObject({
      id: 'tmp-3',
      number: null,
      state: 'En cours',
      customer: { accountNumber: 'C00001', socialReason: '' },
      ht: 30,
      ttc: 36,
    });
  });
});
