import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, csvLine, looksLikeFormula } from './csv';

describe('CSV cells (decision 075: no formula reaches a spreadsheet)', () => {
  it('neutralises a text a spreadsheet would run: quote prefix, quoted', () => {
    expect(csvCell('=HYPERLINK("https://pirate.example";"Cliquez")')).toBe(
      `"'=HYPERLINK(""https://pirate.example"";""Cliquez"")"`,
    );
    expect(csvCell('@SUM(A1:A9)')).toBe(`"'@SUM(A1:A9)"`);
    expect(csvCell('+33 6 12 34 56 78')).toBe(`"'+33 6 12 34 56 78"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvCell('  =1+1')).toBe(`"'  =1+1"`);
    expect(csvCell('＝1+1')).toBe(`"'＝1+1"`);
    expect(csvCell('-')).toBe(`"'-"`);
  });

  it('keeps plain numbers, so amounts stay numbers', () => {
    for (const n of ['-1234,50', '-3', '+3', '12.5', '0,00', '2400,00']) {
      expect(csvCell(n)).toBe(n);
      expect(looksLikeFormula(n)).toBe(false);
    }
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes separators, quotes and line breaks, and leaves other text alone', () => {
    expect(csvCell('Facture « Dupont; fils »')).toBe('"Facture « Dupont; fils »"');
    expect(csvCell('Dit "bonjour"')).toBe('"Dit ""bonjour"""');
    expect(csvCell('deux\nlignes')).toBe('"deux\nlignes"');
    expect(csvCell('Vente 20 % = 12 €')).toBe('Vente 20 % = 12 €');
    expect(csvCell('a-b')).toBe('a-b');
  });

  it('writes lines and files the French way (semicolons, CRLF, BOM)', () => {
    expect(csvLine(['a', '=b', '-1,50'])).toBe(`a;"'=b";-1,50\r\n`);
    expect(
      csvFile([
        ['Compte', 'Libellé'],
        ['411', '@x'],
      ]),
    ).toBe(`\uFEFFCompte;Libellé\r\n411;"'@x"\r\n`);
  });
});
