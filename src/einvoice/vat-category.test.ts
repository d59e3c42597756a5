import { describe, expect, it } from 'vitest';
import { vatCategoryOf } from './vat-category';

describe('VAT category of a rate (EN 16931, UNCL5305)', () => {
  it('a rate above zero is S, whatever the clause', () => {
    expect(vatCategoryOf({ rate: 20 })).toEqual({ category: 'S' });
    expect(vatCategoryOf({ rate: 5.5, vatClause: 'Autoliquidation' })).toEqual({ category: 'S' });
  });

  it('franchise en base: E with the clause and VATEX-FR-FRANCHISE', () => {
    expect(vatCategoryOf({ rate: 0, vatClause: 'TVA non applicable, art. 293 B du CGI' })).toEqual({
      category: 'E',
      exemptionReason: 'TVA non applicable, art. 293 B du CGI',
      exemptionCode: 'VATEX-FR-FRANCHISE',
    });
  });

  it('reverse charge: AE, EU code for a buyer in another member state, FR code in France', () => {
    expect(
      vatCategoryOf({ rate: 0, vatClause: 'Autoliquidation', buyerCountryCode: 'BE', buyerVatNumber: 'BE0477472701' }),
    ).toEqual({
      category: 'AE',
      exemptionReason: 'Autoliquidation',
      exemptionCode: 'VATEX-EU-AE',
    });
    expect(
      vatCategoryOf({ rate: 0, vatClause: 'Autoliquidation (art. 283-2 du CGI)', buyerVatNumber: 'FR40552100554' })
        .exemptionCode,
    ).toBe('VATEX-FR-AE');
  });

  it('intra-EU supply of goods: K with VATEX-EU-IC', () => {
    const clause = 'Exonération de TVA, article 262 ter I du CGI';
    expect(
      vatCategoryOf({ rate: 0, vatClause: clause, buyerCountryCode: 'DE', buyerVatNumber: 'DE136695976' }),
    ).toEqual({
      category: 'K',
      exemptionReason: clause,
      exemptionCode: 'VATEX-EU-IC',
    });
    expect(vatCategoryOf({ rate: 0, vatClause: 'Livraison intracommunautaire exonérée' }).category).toBe('K');
  });

  it('export: G for an export clause or a buyer outside the EU', () => {
    expect(vatCategoryOf({ rate: 0, vatClause: 'Exportation, art. 262 I du CGI' }).category).toBe('G');
    expect(vatCategoryOf({ rate: 0, buyerCountryCode: 'CH' })).toEqual({
      category: 'G',
      exemptionReason: 'Exportation hors Union européenne',
      exemptionCode: 'VATEX-EU-G',
    });
  });

  it('no clause, buyer VAT-registered in another member state: K for goods, AE for services', () => {
    const buyer = { buyerCountryCode: 'BE', buyerVatNumber: 'BE0477472701' };
    expect(vatCategoryOf({ rate: 0, ...buyer, operationKind: 'biens' }).category).toBe('K');
    expect(vatCategoryOf({ rate: 0, ...buyer, operationKind: 'prestations de services' }).category).toBe('AE');
    expect(vatCategoryOf({ rate: 0, buyerCountryCode: 'GR', buyerVatNumber: 'EL094259216' }).category).toBe('AE');
  });

  it('any other 0 %: E with the clause, or a generic reason', () => {
    expect(vatCategoryOf({ rate: 0, vatClause: 'Exonération de TVA, article 261 du CGI' })).toEqual({
      category: 'E',
      exemptionReason: 'Exonération de TVA, article 261 du CGI',
    });
    expect(vatCategoryOf({ rate: 0 })).toEqual({ category: 'E', exemptionReason: 'Exonération de TVA' });
    expect(vatCategoryOf({ rate: 0, buyerCountryCode: 'MC' }).category).toBe('E');
  });
});
