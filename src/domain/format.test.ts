import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatInputNumber,
  formatMoney,
  formatMoneyCompact,
  formatMonth,
  formatNumber,
  formatPercent,
} from './format';

// Exact strings, spaces included: Intl's narrow no-break space (U+202F) groups thousands and
// precedes units, its no-break space (U+00A0) precedes € and %.
const N = '\u202f';
const B = '\u00a0';

describe('formatMoney', () => {
  it('writes euros the French way, rounded half away from zero', () => {
    expect(formatMoney(1234.56)).toBe(`1${N}234,56${B}€`);
    expect(formatMoney(1234567.8)).toBe(`1${N}234${N}567,80${B}€`);
    expect(formatMoney(0)).toBe(`0,00${B}€`);
    expect(formatMoney(-0.001)).toBe(`0,00${B}€`);
    expect(formatMoney(-1500)).toBe(`-1${N}500,00${B}€`);
    expect(formatMoney(1.005)).toBe(`1,01${B}€`);
    expect(formatMoney('1 234,5')).toBe(`1${N}234,50${B}€`);
  });

  it('shows nothing rather than NaN for what cannot be read', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) expect(formatMoney(v)).toBe('');
  });

  it('abbreviates chart axes', () => {
    expect(formatMoneyCompact(0)).toBe(`0${B}€`);
    expect(formatMoneyCompact(850)).toBe(`850${B}€`);
    expect(formatMoneyCompact(12_400)).toBe(`12,4${B}k€`);
    expect(formatMoneyCompact(1_250_000)).toBe(`1,3${B}M€`);
  });
});

describe('numbers, counts and percentages', () => {
  it('groups thousands and drops trailing zeros', () => {
    expect(formatNumber(1234.5)).toBe(`1${N}234,5`);
    expect(formatNumber(999.999, 2, 2)).toBe(`1${N}000,00`);
    expect(formatNumber(1.3, 2, 2)).toBe('1,30');
    expect(formatNumber(2, 3)).toBe('2');
    expect(formatNumber(1000.125, 3)).toBe(`1${N}000,125`);
    expect(formatNumber(null)).toBe('');
  });

  it('counts with the French plural from 2 on', () => {
    expect(formatCount(12345)).toBe(`12${N}345`);
    expect(formatCount(0, 'facture')).toBe('0 facture');
    expect(formatCount(1, 'facture')).toBe('1 facture');
    expect(formatCount(2, 'facture')).toBe('2 factures');
    expect(formatCount(1234, 'document')).toBe(`1${N}234 documents`);
    expect(formatCount(3, 'devis', 'devis')).toBe('3 devis');
  });

  it('writes VAT rates and discounts as percentages, one space for all', () => {
    expect(formatPercent(20)).toBe(`20${B}%`);
    expect(formatPercent(5.5)).toBe(`5,5${B}%`);
    expect(formatPercent(2.1)).toBe(`2,1${B}%`);
    expect(formatPercent(10.125)).toBe(`10,13${B}%`);
    expect(formatPercent(0)).toBe(`0${B}%`);
  });

  it('writes what input fields show while editing: no grouping', () => {
    expect(formatInputNumber(100, { decimals: 2 })).toBe('100,00');
    expect(formatInputNumber(1234.5, { decimals: 2 })).toBe('1234,50');
    expect(formatInputNumber(2.5, { maxDecimals: 3 })).toBe('2,5');
    expect(formatInputNumber(1000.1254, { maxDecimals: 3 })).toBe('1000,125');
    expect(formatInputNumber(Number.NaN)).toBe('');
  });
});

describe('dates', () => {
  it('days, long days, instants in Paris time and months', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21/11/2026');
    expect(formatDate('2026-11-23T23:30:00Z')).toBe('24/11/2026'); // an instant: its day in Paris
    expect(formatDate('2026-07-14T21:59:00.000Z')).toBe('14/07/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('bientôt')).toBe('bientôt');
    expect(formatDateLong('2026-11-23')).toBe('23 nov. 2026');
    expect(formatDateTime('2026-11-23T13:05:00Z')).toBe('23/11/2026 à 14:05');
    expect(formatDateTime('2026-07-14T08:30:00Z')).toBe('14/07/2026 à 10:30');
    expect(formatDateTime('pas une date')).toBe('pas une date');
    expect(formatMonth('2026-02', 'short')).toBe('févr. 26');
    expect(formatMonth('2026-11', 'shortYear')).toBe('nov. 2026');
    expect(formatMonth('2026-03')).toBe('mars 2026');
  });
});

describe('formatBytes (was two formatters that disagreed)', () => {
  it('writes sizes in French units, 1 ko = 1024 o, one decimal below 100', () => {
    expect(formatBytes(0)).toBe(`0${N}o`);
    expect(formatBytes(512)).toBe(`512${N}o`);
    expect(formatBytes(1000)).toBe(`1${N}000${N}o`);
    expect(formatBytes(1536)).toBe(`1,5${N}ko`);
    expect(formatBytes(13_002_342)).toBe(`12,4${N}Mo`);
    expect(formatBytes(1.2 * 1024 * 1024)).toBe(`1,2${N}Mo`);
    expect(formatBytes(52_428_800)).toBe(`50${N}Mo`);
    expect(formatBytes(3.25 * 1024 * 1024)).toBe(`3,3${N}Mo`);
    expect(formatBytes(250 * 1024 * 1024)).toBe(`250${N}Mo`);
    expect(formatBytes(2.1 * 1024 ** 3)).toBe(`2,1${N}Go`);
    expect(formatBytes(-1)).toBe('');
  });
});
