import { describe, expect, it } from 'vitest';
import {
  BANK_MESSAGES,
  bankDetailsErrors,
  formatIban,
  ibanError,
  isTransferPayment,
  isValidBic,
  isValidIban,
} from './bank-details';

describe('IBAN', () => {
  it('accepts valid IBANs, typed with spaces or lower case', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isValidIban('fr7630006000011234567890189')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('BE68539007547034')).toBe(true);
  });

  it('refuses a wrong check key (one digit changed, two digits swapped)', () => {
    expect(ibanError('FR76 3000 6000 0112 3456 7890 188')).toBe(BANK_MESSAGES.ibanChecksum);
    expect(ibanError('FR76 3000 6000 0112 3456 7809 189')).toBe(BANK_MESSAGES.ibanChecksum);
  });

  it('refuses the wrong length for the country, unknown countries and garbage', () => {
    expect(ibanError('FR76 3000 6000 0112 3456 7890 18')).toBe('Un IBAN FR compte 27 caractères.');
    expect(ibanError('XX76 3000 6000 0112 3456 7890 189')).toBe(BANK_MESSAGES.ibanCountry);
    expect(ibanError('76FR')).toBe(BANK_MESSAGES.ibanFormat);
    expect(ibanError('')).toBe(BANK_MESSAGES.ibanFormat);
  });

  it('prints in groups of four', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });
});

describe('BIC', () => {
  it('accepts 8 or 11 characters, refuses other shapes', () => {
    expect(isValidBic('BNPAFRPP')).toBe(true);
    expect(isValidBic('bnpa frpp xxx')).toBe(true);
    expect(isValidBic('BNPAFRP')).toBe(false);
    expect(isValidBic('BNP1FRPP')).toBe(false);
    expect(isValidBic('BNPAFRPPXX')).toBe(false);
  });
});

describe('bank details form', () => {
  it('both blank is fine (no bank details); a BIC alone or a bad pair is refused per field', () => {
    expect(bankDetailsErrors('', '')).toEqual([]);
    expect(bankDetailsErrors('FR7630006000011234567890189', 'BNPAFRPPXXX')).toEqual([]);
    expect(bankDetailsErrors('', 'BNPAFRPP')).toEqual([{ field: 'iban', message: BANK_MESSAGES.bicWithoutIban }]);
    expect(bankDetailsErrors('FR7630006000011234567890188', 'BNP')).toEqual([
      { field: 'iban', message: BANK_MESSAGES.ibanChecksum },
      { field: 'bic', message: BANK_MESSAGES.bicInvalid },
    ]);
  });

  it('knows which means of payment are transfers', () => {
    expect(isTransferPayment('Virement')).toBe(true);
    expect(isTransferPayment('Virement SEPA')).toBe(true);
    expect(isTransferPayment('Chèque')).toBe(false);
    expect(isTransferPayment('')).toBe(false);
  });
});
