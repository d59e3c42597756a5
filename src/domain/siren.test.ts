import { describe, expect, it } from 'vitest';
import {
  frenchVatKey,
  frenchVatNumber,
  isValidSiren,
  isValidSiret,
  isValidVatNumber,
  luhnValid,
  sirenOfVatNumber,
} from './siren';

describe('isValidSiren', () => {
  it('accepts 9 digits with a valid Luhn key, spaces allowed', () => {
    for (const s of ['552032534', '542051180', '732829320', '443 061 841', '356000000'])
      expect(isValidSiren(s)).toBe(true);
  });
  it('refuses a wrong key, a wrong length, letters or nothing', () => {
    for (const s of ['552032535', '123456789', '55203253', '5520325340', '55203253A', '', null, undefined])
      expect(isValidSiren(s)).toBe(false);
  });
});

describe('isValidSiret', () => {
  it('accepts 14 digits with a valid Luhn key', () => {
    expect(isValidSiret('55203253400018')).toBe(true);
    expect(isValidSiret('552 032 534 00018')).toBe(true);
    expect(luhnValid('55203253400018')).toBe(true);
  });
  it('refuses a wrong key or length', () => {
    expect(isValidSiret('55203253400019')).toBe(false);
    expect(isValidSiret('5520325340001')).toBe(false);
    expect(isValidSiret('552032534')).toBe(false);
  });
  it('checks La Poste establishments by their digit sum (multiple of 5)', () => {
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
  });
});

describe('isValidVatNumber', () => {
  it('checks a French number’s key against its SIREN', () => {
    expect(frenchVatKey('552032534')).toBe('27');
    expect(frenchVatNumber('552 032 534')).toBe('FR27552032534');
    expect(frenchVatNumber('552032535')).toBeNull();
    expect(isValidVatNumber('FR27552032534')).toBe(true);
    expect(isValidVatNumber('fr 27 552 032 534')).toBe(true);
    expect(isValidVatNumber('FR59542051180')).toBe(true);
    expect(isValidVatNumber('FR28552032534')).toBe(false);
    // A good key but a SIREN whose own Luhn key is wrong.
    expect(isValidVatNumber(`FR${frenchVatKey('552032535')}552032535`)).toBe(false);
    expect(isValidVatNumber('FR2755203253')).toBe(false);
    expect(sirenOfVatNumber('FR27552032534')).toBe('552032534');
  });
  it('accepts a French key with letters on its format, other EU numbers by pattern', () => {
    expect(isValidVatNumber('FRA1552032534')).toBe(true);
    expect(isValidVatNumber('BE0123456789')).toBe(true);
    expect(isValidVatNumber('DE123456789')).toBe(true);
    expect(isValidVatNumber('IT12345678901')).toBe(true);
    expect(isValidVatNumber('B1')).toBe(false);
    expect(isValidVatNumber('1234567890')).toBe(false);
    expect(isValidVatNumber('')).toBe(false);
  });
});
