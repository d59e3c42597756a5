import { describe, expect, it } from 'vitest';
import { accountPaths, customerOptionLabel, filterInvoices, payable, periodProblem } from './my-account-model';
import type { FirmInvoice } from '../../contract/my-account';

const inv = (status: FirmInvoice['status'], remaining: number) => ({ status, remaining }) as FirmInvoice;

describe('« Mon compte »’s rules', () => {
  it('its paths carry the product’s slug (NAV-4)', () => {
    expect(accountPaths('acme')).toEqual({
      invoices: '/mon-compte-acme/factures-acme',
      statement: '/mon-compte-acme/extrait-du-compte',
      payment: '/mon-compte-acme/paiement',
    });
  });

  it('only what is left to pay is payable by card; a credit note never is', () => {
    expect(
      [inv('unpaid', 10), inv('overdue', 5), inv('paid', 0), inv('credit', 0), inv('unpaid', 0)].map(payable),
    ).toEqual([true, true, false, false, false]);
  });

  it('filters by status, all without one', () => {
    const all = [inv('paid', 0), inv('overdue', 3)];
    expect(filterInvoices(all, 'overdue')).toEqual([all[1]]);
    expect(filterInvoices(all, undefined)).toEqual(all);
  });

  it('refuses a period that ends before it starts', () => {
    expect(periodProblem('2026-02-01', '2026-01-01')).toBe('La date de fin précède la date de début.');
    expect(periodProblem('2026-01-01', undefined)).toBeNull();
  });

  it('names the firm’s customer record by its name, then its account number', () => {
    expect(customerOptionLabel({ accountNumber: 'C00012', socialReason: 'Café des Arts', name: 'Durand' })).toBe(
      'Café des Arts (C00012)',
    );
    expect(customerOptionLabel({ accountNumber: 'C00013', socialReason: '', name: 'Durand' })).toBe('Durand (C00013)');
    expect(customerOptionLabel({ accountNumber: 'C00014', socialReason: '', name: '' })).toBe('C00014');
  });
});
