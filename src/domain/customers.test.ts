import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES as M,
  customerInvoiceProblem,
  nextAccountNumber,
  normalizeCustomer,
  requiresSiren,
  validateCustomer,
} from './customers';
import type { Customer } from './types';

const base: Customer = {
  accountNumber: 'C00001',
  socialReason: 'Dupont SARL',
  address: '1 rue de la Paix',
  billingAddresses: [],
  isBusiness: false,
};
// Danone's real SIREN and VAT number (the key is (12 + 3 × (SIREN mod 97)) mod 97).
const SIREN = '552032534';
const pro: Customer = { ...base, isBusiness: true, siren: SIREN };

describe('validateCustomer', () => {
  it('accepts a minimal customer and well-formed optional fields', () => {
    expect(validateCustomer(base)).toEqual([]);
    expect(
      validateCustomer({
        ...base,
        email: 'compta@dupont.fr',
        siren: '552 032 534',
        vatNumber: 'fr 27 552032534',
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
      siren: '552032535',
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

  it('requires a valid SIREN for a professional customer in France, not abroad nor for a private one', () => {
    expect(validateCustomer({ ...base, isBusiness: true })).toEqual([
      'Le SIREN est obligatoire pour un client professionnel en France.',
    ]);
    // Absent isBusiness means professional, as the records default.
    expect(validateCustomer({ ...base, isBusiness: undefined, country: 'france' })).toEqual([M.sirenRequired]);
    expect(validateCustomer({ ...base, isBusiness: true, country: 'FR' })).toEqual([M.sirenRequired]);
    expect(validateCustomer(pro)).toEqual([]);
    expect(validateCustomer({ ...pro, siren: '552 032 534' })).toEqual([]);
    expect(validateCustomer({ ...base, isBusiness: true, country: 'Belgique' })).toEqual([]);
    expect(validateCustomer(base)).toEqual([]);
    expect(requiresSiren({ isBusiness: true, country: '' })).toBe(true);
    expect(requiresSiren({ isBusiness: false, country: '' })).toBe(false);
  });

  it('refuses a SIREN with a wrong key or length, even for a private customer', () => {
    for (const siren of ['552032535', '55203253', '5520325340', 'ABCDEFGHI']) {
      expect(validateCustomer({ ...pro, siren })).toEqual([
        'Le SIREN du client n’est pas valide (9 chiffres, clé de contrôle).',
      ]);
    }
    expect(validateCustomer({ ...base, siren: '123456789' })).toEqual([M.sirenInvalid]);
  });

  it('checks the VAT number: French key and SIREN, other EU countries by format', () => {
    expect(validateCustomer({ ...pro, vatNumber: 'FR27552032534' })).toEqual([]);
    expect(validateCustomer({ ...pro, vatNumber: 'FR28552032534' })).toEqual([M.vatNumberInvalid]);
    expect(validateCustomer({ ...pro, vatNumber: 'FR 59 542051180' })).toEqual([
      'Le numéro de TVA intracommunautaire ne correspond pas au SIREN du client.',
    ]);
    expect(validateCustomer({ ...base, country: 'Allemagne', isBusiness: true, vatNumber: 'DE123456789' })).toEqual([]);
    expect(validateCustomer({ ...base, vatNumber: 'XX' })).toEqual([M.vatNumberInvalid]);
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
      siren: '552 032 534',
      vatNumber: 'fr27 552 032 534',
      billingAddresses: [' 2 rue B ', '  '],
    });
    expect(c).toMatchObject({
      socialReason: 'Dupont',
      siren: '552032534',
      vatNumber: 'FR27552032534',
      billingAddresses: ['2 rue B'],
      country: 'France',
      paymentDelay: null,
    });
  });
});

describe('customerInvoiceProblem', () => {
  it('names a professional customer in France without a valid SIREN', () => {
    expect(customerInvoiceProblem({ ...base, isBusiness: true, socialReason: 'Dupont SARL' })).toBe(
      'Le client Dupont SARL (C00001) est un professionnel en France : renseignez son SIREN (valide) avant de valider la facture.',
    );
    expect(customerInvoiceProblem({ ...pro, siren: '552032535' })).not.toBeNull();
    expect(customerInvoiceProblem(pro)).toBeNull();
    expect(customerInvoiceProblem(base)).toBeNull();
  });
});

describe('nextAccountNumber', () => {
  it('follows the highest generated number and ignores other schemes', () => {
    expect(nextAccountNumber([])).toBe('C00001');
    expect(nextAccountNumber(['C00001', 'C00009', '411DUPONT', 'CX1'])).toBe('C00010');
    expect(nextAccountNumber(['C99999'])).toBe('C100000');
  });
});
