import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ARTICLE_MESSAGES,
  hasPriceFields,
  htFromTtc,
  newArticle,
  newLine,
  normalizeVat,
  onArticleTypeChange,
  onHtChange,
  onTtcChange,
  onVatChange,
  toInvoiceCatalogEntry,
  ttcFromHt,
  validateArticle,
} from './articles';
import type { Article } from './types';

const priced = (over: Partial<Article> = {}): Article => ({
  ...newArticle(),
  code: 'A1',
  label: 'Heure de conseil',
  salesAccount: '706000',
  unitMeasurement: { label: 'heure' },
  unitPriceHT: 100,
  vatRate: 20,
  ttc: 120,
  ...over,
});

describe('newArticle', () => {
  it('has the spec defaults', () => {
    expect(newArticle()).toEqual({
      code: '',
      type: 'Standard',
      designation: '',
      label: '',
      salesAccount: '',
      unitMeasurement: null,
      unitPriceHT: 0,
      vatRate: 0,
      ttc: 0,
      typePurchaseSale: 'Vente',
    });
  });
});

describe('type change', () => {
  it('to Commentaire drops price and account fields', () => {
    const c = onArticleTypeChange(priced(), 'Commentaire');
    expect(c).toMatchObject({
      type: 'Commentaire',
      salesAccount: '',
      unitMeasurement: null,
      unitPriceHT: 0,
      vatRate: 0,
      ttc: 0,
    });
    expect(c.code).toBe('A1');
    expect(hasPriceFields(c)).toBe(false);
  });
  it('back to Standard starts from empty/zero', () => {
    const s = onArticleTypeChange({ ...priced(), type: 'Commentaire' }, 'Standard');
    expect(s).toMatchObject({
      type: 'Standard',
      salesAccount: '',
      unitMeasurement: null,
      unitPriceHT: 0,
      vatRate: 0,
      ttc: 0,
    });
    expect(hasPriceFields(s)).toBe(true);
  });
  it('the same type changes nothing', () => {
    const a = priced();
    expect(onArticleTypeChange(a, 'Standard')).toBe(a);
  });
});

describe('HT / VAT / TTC linking', () => {
  it('HT or VAT change recomputes TTC rounded to 2 decimals', () => {
    expect(onHtChange(priced(), 10.01).ttc).toBe(12.01); // 12.012
    expect(onHtChange(priced({ vatRate: 5.5 }), '19,99')).toMatchObject({ unitPriceHT: 19.99, ttc: 21.09 }); // 21.08945
    expect(onVatChange(priced(), 10)).toMatchObject({ vatRate: 10, ttc: 110 });
    expect(onVatChange(priced(), '5,5')).toMatchObject({ vatRate: 5.5, ttc: 105.5 });
  });
  it('TTC change recomputes HT = TTC / (1 + VAT/100)', () => {
    expect(onTtcChange(priced(), 100)).toMatchObject({ ttc: 100, unitPriceHT: 83.33 });
    expect(onTtcChange(priced({ vatRate: 0 }), '12,5')).toMatchObject({ ttc: 12.5, unitPriceHT: 12.5 });
  });
  it('a blank VAT becomes 0', () => {
    for (const blank of ['', null, undefined, Number.NaN, 'abc']) expect(normalizeVat(blank)).toBe(0);
    expect(onVatChange(priced(), '')).toMatchObject({ vatRate: 0, ttc: 100 });
  });
  it('Commentaire articles ignore price edits', () => {
    const c = onArticleTypeChange(priced(), 'Commentaire');
    expect(onHtChange(c, 10)).toBe(c);
    expect(onTtcChange(c, 10)).toBe(c);
    expect(onVatChange(c, 20)).toBe(c);
  });
  it('HT → TTC → HT stays within one cent for French rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(20, 10, 5.5, 2.1, 0), (cents, vat) => {
        const ht = cents / 100;
        const back = htFromTtc(ttcFromHt(ht, vat), vat);
        expect(Math.abs(Math.round(back * 100) - cents)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('catalogue entry and new lines', () => {
  it('reduces an article to code, unit, price and VAT', () => {
    expect(toInvoiceCatalogEntry(priced())).toEqual({
      code: 'A1',
      unitMeasurement: 'heure',
      unitPriceHT: 100,
      vatRate: 20,
    });
    expect(toInvoiceCatalogEntry(priced({ unitMeasurement: null })).unitMeasurement).toBe('');
  });
  it('new lines: quantity 1, price 0, codes 00 / CC / ES', () => {
    expect(newLine('standard')).toMatchObject({ code: '00', type: 'Standard', quantity: 1, unitPrice: 0, vatRate: 0 });
    expect(newLine('comment')).toMatchObject({ code: 'CC', type: 'Commentaire', quantity: 1, unitPrice: 0 });
    expect(newLine('spacer')).toMatchObject({ code: 'ES', type: 'Commentaire', quantity: 1, unitPrice: 0 });
  });
  it('a standard line from the catalogue takes its code, unit, price and VAT', () => {
    expect(newLine('standard', toInvoiceCatalogEntry(priced()))).toMatchObject({
      code: 'A1',
      type: 'Standard',
      quantity: 1,
      unitMeasurement: 'heure',
      unitPrice: 100,
      vatRate: 20,
      total: 100,
    });
  });
});

describe('validateArticle', () => {
  it('accepts a complete article and a comment without price', () => {
    expect(validateArticle(priced())).toEqual([]);
    expect(validateArticle(onArticleTypeChange(priced(), 'Commentaire'))).toEqual([]);
  });
  it('requires code and label', () => {
    expect(validateArticle(priced({ code: ' ', label: '' }))).toEqual([
      "Le code de l'article est obligatoire.",
      ARTICLE_MESSAGES.labelRequired,
    ]);
  });
  it('refuses negative or unreadable price and VAT, and unknown types', () => {
    expect(validateArticle(priced({ unitPriceHT: -1 }))).toEqual([ARTICLE_MESSAGES.priceInvalid]);
    expect(validateArticle(priced({ vatRate: Number.NaN }))).toEqual([ARTICLE_MESSAGES.vatInvalid]);
    expect(validateArticle(priced({ vatRate: -5.5 }))).toEqual([ARTICLE_MESSAGES.vatInvalid]);
    expect(validateArticle(priced({ type: 'Autre' as Article['type'] }))).toEqual([ARTICLE_MESSAGES.typeInvalid]);
    expect(validateArticle(priced({ unitPriceHT: 0 }))).toEqual([]); // price ≥ 0
  });
});
