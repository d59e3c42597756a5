import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES as M, nextAccountNumber, normalizeCustomer, validateCustomer } from './customers';
import type { Customer } from './types';

const base: Customer = {
  accountNumber: 'C00001',
  socialReason: 'Dupont SARL',
  address: '1 rue de la Paix',
  billingAddresses: [],
};

describe('validateCustomer', () => {
  it('accepts a minimal customer and well-formed optional fields', () => {
    expect(validateCustomer(base)).toEqual([]);
    expect(
      validateCustomer({
        ...base,
        email: 'compta@dupont.fr',
        siren: '512 345 678',
        vatNumber: 'fr 32 512345678',
        paymentDelay: 0,
      }),
    ).toEqual([]);
    expect(validateCustomer({ ...base, vatNumber: 'BE0123456789', paymentDelay: 365 })).toEqual([]);
    expect(validateCustomer({ ...base, paymentDelay: null })).toEqual([]);
  });

  it('lists every broken rule in French', () => {
    const errors = validateCustomer({
      ...base,
      accountNumber: ' ',
      socialReason: '',
      email: 'dupont@',
      siren: '12345',
      vatNumber: 'FR123',
      paymentDelay: 400,
    });
    expect(errors).toEqual([
      M.accountNumberRequired,
      M.socialReasonRequired,
      M.emailInvalid,
      M.sirenInvalid,
      M.vatNumberInvalid,
      M.paymentDelayInvalid,
    ]);
  });

  it('refuses negative or fractional delays', () => {
    expect(validateCustomer({ ...base, paymentDelay: -1 })).toEqual([M.paymentDelayInvalid]);
    expect(validateCustomer({ ...base, paymentDelay: 2.5 })).toEqual([M.paymentDelayInvalid]);
  });
});

describe('normalizeCustomer', () => {
  it('trims, compacts SIREN and VAT number, drops blank alternate addresses, defaults the country', () => {
    const c = normalizeCustomer({
      ...base,
      socialReason: '  Dupont  ',
      siren: '512 345 678',
      vatNumber: 'fr32 512 345 678',
      billingAddresses: [' 2 rue B ', '  '],
    });
    expect(c).toMatchObject({
      socialReason: 'Dupont',
      siren: '512345678',
      vatNumber: 'FR32512345678',
      billingAddresses: ['2 rue B'],
      country: 'France',
      paymentDelay: null,
    });
  });
});

describe('nextAccountNumber', () => {
  it('follows the highest generated number and ignores other schemes', () => {
    expect(nextAccountNumber([])).toBe('C00001');
    expect(nextAccountNumber(['C00001', 'C00009', '411DUPONT', 'CX1'])).toBe('C00010');
    expect(nextAccountNumber(['C99999'])).toBe('C100000');
  });
});
