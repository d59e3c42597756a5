import { describe, expect, it } from 'vitest';
import { cutCompanyLabel, filterCompanies, showsCompanySearch, sortCompaniesByLabel } from './company-label';

describe('company menu rules (NAV-16, NAV-17)', () => {
  it('cuts a label of 20 characters or more to 19 plus an ellipsis', () => {
    expect(cutCompanyLabel('12345678901234567890')).toBe('1234567890123456789…');
    expect(cutCompanyLabel('1234567890123456789')).toBe('1234567890123456789');
    expect(cutCompanyLabel('Boulangerie Pâtisserie Martin')).toBe('Boulangerie Pâtisse…');
  });
  it('shows the search field above 8 companies only', () => {
    expect(showsCompanySearch(8)).toBe(false);
    expect(showsCompanySearch(9)).toBe(true);
  });
  it('filters ignoring accents and case', () => {
    expect(filterCompanies([{ label: 'Crêperie' }, { label: 'Garage' }], 'creper')).toEqual([{ label: 'Crêperie' }]);
  });
  it('sorts labels in French alphabetical order, accents with their letter', () => {
    const sorted = sortCompaniesByLabel([
      { label: 'Transports Girard' },
      { label: 'Épicerie Fine' },
      { label: 'café des Arts' },
      { label: 'Garage 10' },
      { label: 'Garage 9' },
    ]);
    expect(sorted.map((c) => c.label)).toEqual([
      'café des Arts',
      'Épicerie Fine',
      'Garage 9',
      'Garage 10',
      'Transports Girard',
    ]);
  });
});
