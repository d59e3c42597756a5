import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compareDocumentNumbers, sortArticles, sortByNumberDesc } from './sorting';

const numbers = (rows: { number?: string | null }[]) => rows.map((r) => r.number ?? null);

describe('sortByNumberDesc', () => {
  it('drafts first (in their order), then numbers descending, numerically', () => {
    const rows = [
      { id: 1, number: '9' },
      { id: 2, number: null },
      { id: 3, number: '10' },
      { id: 4, number: '' },
      { id: 5, number: '100' },
      { id: 6 },
    ];
    const sorted = sortByNumberDesc(rows);
    expect(sorted.map((r) => r.id)).toEqual([2, 4, 6, 5, 3, 1]);
    expect(rows[0].id).toBe(1); // input untouched
  });

  it('compares prefixed numbers by their digits, not as text', () => {
    const rows = [
      { number: 'F2026-0009' },
      { number: 'F2026-0012' },
      { number: 'F2026-0100' },
      { number: 'F2026-0010' },
    ];
    expect(numbers(sortByNumberDesc(rows))).toEqual(['F2026-0100', 'F2026-0012', 'F2026-0010', 'F2026-0009']);
  });

  it('a yearly series: the new year comes first', () => {
    const rows = [{ number: 'F2025-0099' }, { number: 'F2026-0001' }, { number: 'F2025-0100' }];
    expect(numbers(sortByNumberDesc(rows))).toEqual(['F2026-0001', 'F2025-0100', 'F2025-0099']);
  });

  it('different prefixes with the same digits fall back to text order', () => {
    expect(compareDocumentNumbers('AV2026-0001', 'F2026-0001')).toBeLessThan(0);
    expect(compareDocumentNumbers('D-12', 'D-12')).toBe(0);
    expect(compareDocumentNumbers('12', '9')).toBeGreaterThan(0);
    expect(compareDocumentNumbers('99999999999999999999', '99999999999999999998')).toBeGreaterThan(0);
  });

  it('plain integers end up in numeric descending order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 })), (ns) => {
        const sorted = sortByNumberDesc(ns.map((n) => ({ number: String(n) })));
        expect(sorted.map((r) => Number(r.number))).toEqual([...ns].sort((a, b) => b - a));
      }),
    );
  });
});

describe('sortArticles', () => {
  it('Standard first, then code in numeric-aware French order', () => {
    const articles = [
      { type: 'Commentaire', code: 'A' },
      { type: 'Standard', code: '10' },
      { type: 'Standard', code: '2' },
      { type: 'Commentaire', code: '1' },
      { type: 'Standard', code: 'éco' },
      { type: 'Standard', code: 'ECO2' },
      { type: 'Standard', code: 'abc' },
    ];
    expect(sortArticles(articles).map((a) => `${a.type[0]}:${a.code}`)).toEqual([
      'S:2',
      'S:10',
      'S:abc',
      'S:éco',
      'S:ECO2',
      'C:1',
      'C:A',
    ]);
  });
});
