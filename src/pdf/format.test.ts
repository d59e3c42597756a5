import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber } from '../domain/format';
import { documentFileName, normalizeSpaces } from './format';

// What the PDF draws: the shared French formats (src/domain/format.ts) with plain spaces.
const formatAmount = (v: number) => normalizeSpaces(formatMoney(v));
const formatDecimal = (v: number) => normalizeSpaces(formatNumber(v, 2, 2));
const formatQuantity = (v: number) => normalizeSpaces(formatNumber(v, 3));
const formatRate = (v: number) => normalizeSpaces(formatNumber(v, 2));

describe('French formatting as the PDF draws it', () => {
  it('formats amounts with plain spaces, a decimal comma and the euro sign', () => {
    expect(formatAmount(1234.56)).toBe('1 234,56 €');
    expect(formatAmount(1234567.8)).toBe('1 234 567,80 €');
    expect(formatAmount(0)).toBe('0,00 €');
    expect(formatAmount(-0.001)).toBe('0,00 €');
    expect(formatAmount(-1500)).toBe('-1 500,00 €');
    expect(formatAmount(1.005)).toBe('1,01 €');
    expect(formatDecimal(999.999)).toBe('1 000,00');
  });

  it('formats quantities, rates and dates', () => {
    expect(formatQuantity(2)).toBe('2');
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(formatQuantity(1000.125)).toBe('1 000,125');
    expect(formatRate(5.5)).toBe('5,5');
    expect(formatRate(20)).toBe('20');
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21/11/2026');
    expect(formatDate(null)).toBe('');
  });

  it('replaces the narrow and non-breaking spaces produced by Intl', () => {
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1234.56);
    expect(normalizeSpaces(intl)).toBe('1 234,56 €');
  });
});

describe('documentFileName', () => {
  it('builds kind_customer_number.pdf', () => {
    expect(documentFileName('Facture', 'Boulangerie Martin', 'F2026-0001')).toBe(
      'Facture_Boulangerie_Martin_F2026-0001.pdf',
    );
  });

  it('removes accents, ligatures and unsafe characters', () => {
    expect(documentFileName('Avoir', 'Cœur & Crème / Société "Éclair"', 'A2026/0003')).toBe(
      'Avoir_Coeur_Creme_Societe_Eclair_A2026_0003.pdf',
    );
    expect(documentFileName('Devis', '../../etc/passwd', 'D-1')).toBe('Devis_etc_passwd_D-1.pdf');
    expect(documentFileName('Facture', '  ', null)).toBe('Facture_brouillon.pdf');
    expect(documentFileName('Devis', 'Café\u202FThé', null)).toBe('Devis_Cafe_The_brouillon.pdf');
  });

  it('keeps only safe characters and a bounded length', () => {
    const name = documentFileName('Facture', 'x'.repeat(500) + '<>:"|?*\\', 'F'.repeat(200));
    expect(name).toMatch(/^[A-Za-z0-9_-]+\.pdf$/);
    expect(name.length).toBeLessThan(120);
  });
});
