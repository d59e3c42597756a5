import { describe, expect, it } from 'vitest';
import type { Customer } from '../../domain/types';
import {
  creditNoteForm,
  customerAddresses,
  emptyForm,
  setBillingDate,
  setCustomer,
  setInvoiceType,
  setQuoteDate,
  toInvoicePayload,
  toQuotePayload,
} from './editor-model';
import { addBlankLine, updateLine } from './line-ops';
import type { InvoiceJson } from './types';

const hotel: Customer = {
  accountNumber: 'C00001',
  socialReason: 'Hôtel du Parc',
  address: '12 avenue Foch',
  postalCode: '69006',
  city: 'Lyon',
  country: 'France',
  billingAddresses: ['Service comptabilité, 3 rue Garibaldi, 69006 Lyon'],
  paymentMode: 'Virement',
  paymentDelay: 45,
};

describe('editor form rules (INV-24, INV-25, QUO-14)', () => {
  it('a new invoice is a Facture billed today, due 30 days later; a new quote is valid 30 days', () => {
    const inv = emptyForm('invoice', '2026-11-21');
    expect(inv).toMatchObject({ type: 'Facture', createdAt: '2026-11-21', dueDate: '2026-12-21', vatClause: '' });
    expect(emptyForm('quote', '2026-11-21')).toMatchObject({
      createdAt: '2026-11-21',
      validatedAt: '2026-12-21',
      dueDate: null,
    });
  });

  it('picking a customer: its address list, first address, its payment mode, due date from its delay', () => {
    expect(customerAddresses(hotel)).toEqual([
      '12 avenue Foch\n69006 Lyon',
      'Service comptabilité, 3 rue Garibaldi, 69006 Lyon',
    ]);
    const form = setCustomer(emptyForm('invoice', '2026-11-21'), 'invoice', hotel);
    expect(form).toMatchObject({
      accountNumber: 'C00001',
      billingAddress: '12 avenue Foch\n69006 Lyon',
      paymentMode: 'Virement',
      dueDate: '2027-01-05',
    });
    // A payment mode already chosen stays.
    expect(
      setCustomer({ ...emptyForm('invoice', '2026-11-21'), paymentMode: 'Chèque' }, 'invoice', hotel).paymentMode,
    ).toBe('Chèque');
    expect(setCustomer(form, 'invoice', null)).toMatchObject({
      accountNumber: '',
      billingAddress: '',
      dueDate: '2026-12-21',
    });
  });

  it('setting the billing date sets the due date; an Avoir has none and keeps none', () => {
    const form = setCustomer(emptyForm('invoice', '2026-11-21'), 'invoice', hotel);
    expect(setBillingDate(form, '2026-12-01', hotel).dueDate).toBe('2027-01-15');
    const credit = setInvoiceType(form, 'Avoir', hotel);
    expect(credit.dueDate).toBeNull();
    expect(setBillingDate(credit, '2026-12-01', hotel).dueDate).toBeNull();
    expect(setInvoiceType(credit, 'Facture', hotel).dueDate).toBe('2027-01-05');
    expect(setQuoteDate(emptyForm('quote', '2026-11-21'), '2026-02-01').validatedAt).toBe('2026-03-03');
  });

  it('payloads: calculatesBasisTTC false, line totals from the rulebook, no due date nor correction link out of place', () => {
    let form = setCustomer(emptyForm('invoice', '2026-11-21'), 'invoice', hotel);
    form = { ...form, lines: addBlankLine([], 'standard') };
    form = {
      ...form,
      lines: updateLine(form.lines, form.lines[0].id, { quantity: 3, unitPrice: 19.99, vatRate: 20 }),
      correctedInvoiceId: 4,
    };
    const payload = toInvoicePayload(form);
    expect(payload).toMatchObject({
      customer: { accountNumber: 'C00001' },
      type: 'Facture',
      calculatesBasisTTC: false,
      correctedInvoiceId: null,
    });
    expect(payload.lines[0].total).toBe(59.97);
    expect(toInvoicePayload({ ...form, type: 'Avoir', dueDate: '2026-12-01' })).toMatchObject({
      dueDate: null,
      correctedInvoiceId: 4,
    });
    const quote = toQuotePayload({ ...form, validatedAt: '2026-12-21' });
    expect(quote).not.toHaveProperty('type');
    expect(quote).toMatchObject({ validatedAt: '2026-12-21', calculatesBasisTTC: false });
  });

  it('a credit note copies the corrected invoice, dated today, without due date', () => {
    const inv = {
      id: 9,
      number: 'F-2026-0004',
      designation: 'Réception',
      customer: { accountNumber: 'C00001', socialReason: 'Hôtel du Parc', name: '' },
      type: 'Facture',
      createdAt: '2026-10-02',
      dueDate: '2026-11-01',
      paymentMode: 'Virement',
      billingAddress: 'x',
      lines: [
        {
          code: '00',
          type: 'Standard',
          label: 'A',
          quantity: 1,
          unitMeasurement: '',
          unitPrice: 10,
          salesAccount: '',
          vatRate: 20,
        },
      ],
      vatClause: '',
    } as unknown as InvoiceJson;
    const form = creditNoteForm(inv, '2026-11-21');
    expect(form).toMatchObject({
      type: 'Avoir',
      createdAt: '2026-11-21',
      dueDate: null,
      correctedInvoiceId: 9,
      accountNumber: 'C00001',
      paymentMode: 'Virement',
    });
    expect(form.lines[0]).toMatchObject({ label: 'A', status: 'read' });
  });
});

describe('discounts in the payload (decision 012)', () => {
  it('sends the document discount only when there is one, line discounts with their line, and line totals net', () => {
    let lines = addBlankLine([], 'standard');
    lines = updateLine(lines, lines[0].id, {
      label: 'Pièce',
      quantity: 2,
      unitPrice: 50,
      vatRate: 20,
      discount: { type: 'percent', value: 10 },
    });
    const form = { ...emptyForm('invoice', '2026-11-21'), lines };
    expect(toInvoicePayload(form)).not.toHaveProperty('discount');
    expect(toInvoicePayload({ ...form, discount: null })).not.toHaveProperty('discount');
    const sent = toInvoicePayload({ ...form, discount: { type: 'amount', value: 20 } });
    expect(sent.discount).toEqual({ type: 'amount', value: 20 });
    expect(sent.lines[0]).toMatchObject({ discount: { type: 'percent', value: 10 }, total: 90 });
    expect(toQuotePayload({ ...form, discount: { type: 'percent', value: 5 } }).discount).toEqual({
      type: 'percent',
      value: 5,
    });
  });
});
