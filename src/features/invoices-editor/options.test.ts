import { describe, expect, it } from 'vitest';
import type { Customer } from '../../domain/types';
import { addressOptions, correctedInvoiceOptions, customerOptions, filterOptions } from './options';
import type { InvoiceListRow } from './types';

const customers: Customer[] = [
  {
    accountNumber: 'C00001',
    socialReason: 'Hôtel du Parc',
    address: '12 avenue Foch',
    postalCode: '69006',
    city: 'Lyon',
    billingAddresses: ['Service compta\n3 rue Garibaldi'],
  },
  { accountNumber: 'C00002', socialReason: 'Le Bistrot Gourmand', address: '', billingAddresses: [] },
];

describe('editor options', () => {
  it('customers are found without accents or case; an unknown current customer is still offered', () => {
    const options = customerOptions(
      customers,
      { accountNumber: 'C00099', socialReason: 'Ancien client', name: '' },
      'C00099',
    );
    expect(filterOptions(options, 'hotel lyon', 10).map((o) => o.value)).toEqual(['C00001']);
    expect(filterOptions(options, '', 1)).toHaveLength(1);
    expect(options.at(-1)).toMatchObject({ value: 'C00099', label: 'Ancien client (C00099)' });
  });

  it('an archived customer is offered no more, except on the document that names it', () => {
    const archived = [...customers, { ...customers[1], accountNumber: 'C00003', archived: true }];
    expect(customerOptions(archived, null, '').map((o) => o.value)).toEqual(['C00001', 'C00002']);
    expect(customerOptions(archived, null, 'C00003').map((o) => o.value)).toEqual(['C00001', 'C00002', 'C00003']);
  });

  it('the billing address list: the customer’s address then its billing addresses, on one line', () => {
    expect(addressOptions(customers[0], '')).toEqual([
      { value: '12 avenue Foch\n69006 Lyon', label: 'Adresse du client : 12 avenue Foch, 69006 Lyon' },
      { value: 'Service compta\n3 rue Garibaldi', label: 'Adresse de facturation : Service compta, 3 rue Garibaldi' },
    ]);
    expect(addressOptions(customers[1], 'Ailleurs')).toEqual([{ value: 'Ailleurs', label: 'Ailleurs' }]);
  });

  it('a credit note may correct a validated invoice of its customer', () => {
    const row = (id: number, validated: boolean, type: 'Facture' | 'Avoir', account = 'C00001'): InvoiceListRow => ({
      id,
      type,
      number: `N${id}`,
      customer: { accountNumber: account, socialReason: '', name: '' },
      invoice: { createdAt: '2026-10-02', validated, ttc: 12 },
    });
    const options = correctedInvoiceOptions(
      [row(1, true, 'Facture'), row(2, false, 'Facture'), row(3, true, 'Avoir'), row(4, true, 'Facture', 'C00002')],
      'C00001',
      null,
      null,
    );
    expect(options.map((o) => o.value)).toEqual(['1']);
    expect(options[0].label).toMatch(/^N1 du 02\/10\/2026 – 12,00\s€$/);
  });
});
