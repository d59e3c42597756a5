import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sortArticles } from '../../../../src/domain/sorting';
import { articleSortKey } from './article-sort-key';

// The database orders articles by this key (COLLATE "C": UTF-8 bytes); the rule itself is the
// domain's sortArticles. Both must give the same order, ties (equal for the collator) in input order.
type Row = { type: string; code: string; index: number };

function byKey(rows: Row[]): Row[] {
  const keyed = rows.map((row) => ({ row, key: Buffer.from(articleSortKey(row.type, row.code), 'utf8') }));
  return keyed.sort((a, b) => Buffer.compare(a.key, b.key) || a.row.index - b.row.index).map((k) => k.row);
}

const rows = (list: Array<[string, string]>): Row[] => list.map(([type, code], index) => ({ type, code, index }));

describe('articleSortKey', () => {
  it('puts Standard first and compares numbers by value', () => {
    const list = rows([
      ['Commentaire', 'CC'],
      ['Standard', 'ART-10'],
      ['Standard', 'art-9'],
      ['Standard', 'B1'],
      ['Commentaire', 'ES'],
      ['Standard', '10'],
      ['Standard', '2'],
    ]);
    expect(byKey(list).map((r) => r.code)).toEqual(['2', '10', 'art-9', 'ART-10', 'B1', 'CC', 'ES']);
  });

  it('ignores accents and case, folds æ/œ/ß, orders punctuation like the collator', () => {
    const list = rows(
      ['Éclair', 'eclair', 'œuf', 'oeuf', 'x y', 'x-y', 'xy', '_x', 'a.1', 'a 1', '007', '7', 'ç1', 'c2'].map(
        (c) => ['Standard', c] as [string, string],
      ),
    );
    expect(byKey(list)).toEqual(sortArticles(list));
  });

  it('agrees with sortArticles on random catalogues', () => {
    const char = fc.constantFrom(..."aAbBcCeéÉèêzZçœæß0123456789 -_.,/()'’&+€".split(''));
    const code = fc.array(char, { maxLength: 8 }).map((cs) => cs.join(''));
    const row = fc.tuple(fc.constantFrom('Standard', 'Commentaire'), code);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (list) => {
        const input = rows(list);
        expect(byKey(input)).toEqual(sortArticles(input));
      }),
      { numRuns: 500 },
    );
  });
});
