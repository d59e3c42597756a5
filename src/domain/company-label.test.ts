import { describe, expect, it } from 'vitest';
import { cutCompanyLabel, filterCompanies, showsCompanySearch } from './company-label';

describe('company menu rules (spec 2.4)', () => {
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
});
