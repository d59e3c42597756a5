import { describe, expect, it } from 'vitest';
import { matchesSearch, searchKey } from './search-text';

describe('searchKey', () => {
  it('folds case and accents and collapses spaces', () => {
    expect(searchKey('  Épicerie   Fine  Léa ')).toBe('epicerie fine lea');
    expect(searchKey(null)).toBe('');
  });
  it('matches every word of the query in any order', () => {
    expect(matchesSearch('Boulangerie Pâtisserie Martin', 'martin pat')).toBe(true);
    expect(matchesSearch('Boulangerie Pâtisserie Martin', 'martin fleur')).toBe(false);
    expect(matchesSearch('Boulangerie', '')).toBe(true);
  });
});
