import { describe, expect, it } from 'vitest';
import { bodyToWire, fromWire, fromWireDeep, toWire } from './wire-names';

describe('wire names (the spec’s misspellings live only on the wire)', () => {
  it('renames the four spec names both ways and keeps every other key', () => {
    const domain = {
      address: '1 rue',
      paymentMode: 'Virement',
      paymentDelay: 30,
      billingAddress: 'B',
      billingAddresses: ['x'],
    };
    const wire = toWire(domain);
    expect(wire).toEqual({
      adress: '1 rue',
      payementMode: 'Virement',
      payementDelay: 30,
      billingAdress: 'B',
      billingAddresses: ['x'],
    });
    expect(fromWire(wire)).toEqual(domain);
  });

  it('reads answers at any depth (environment.invoice.customers, { invoice } of a validation)', () => {
    const answer = {
      invoice: { customers: [{ adress: 'a', payementDelay: null }] },
      items: [{ billingAdress: '' }],
      address: 'siège',
    };
    expect(fromWireDeep(answer)).toEqual({
      invoice: { customers: [{ address: 'a', paymentDelay: null }] },
      items: [{ billingAddress: '' }],
      address: 'siège',
    });
    expect(fromWireDeep(null)).toBeNull();
    expect(fromWireDeep('adress')).toBe('adress');
  });

  it('writes the spec names only in the bodies of the spec’s endpoints', () => {
    const body = { address: '1 rue', paymentMode: 'Chèque', lines: [{ label: 'a' }] };
    expect(bodyToWire('customers', body)).toEqual({ adress: '1 rue', payementMode: 'Chèque', lines: [{ label: 'a' }] });
    expect(bodyToWire('invoices/12', body)).toMatchObject({ payementMode: 'Chèque' });
    expect(bodyToWire('estimates/preview', body)).toMatchObject({ adress: '1 rue' });
    expect(bodyToWire('company/bank-details', body)).toBe(body);
    expect(bodyToWire('suppliers', body)).toBe(body);
  });
});
