// NAV-17: on small screens a company label of 20 characters or more is cut to 19 + ellipsis.
export const COMPANY_LABEL_CUT_AT = 20;
export const COMPANY_SEARCH_THRESHOLD = 8;
export const COMPANY_LIST_MAX_HEIGHT = 500;

export function cutCompanyLabel(label: string): string {
  const chars = Array.from(label); // count characters, not UTF-16 units
  return chars.length >= COMPANY_LABEL_CUT_AT ? `${chars.slice(0, COMPANY_LABEL_CUT_AT - 1).join('')}…` : label;
}

/** The search field shows only above the threshold (more than 8 companies). */
export function showsCompanySearch(count: number): boolean {
  return count > COMPANY_SEARCH_THRESHOLD;
}

export function filterCompanies<T extends { label: string }>(companies: T[], query: string): T[] {
  const q = normalize(query);
  return q ? companies.filter((c) => normalize(c.label).includes(q)) : companies;
}

const COLLATOR = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Lists of companies follow French alphabetical order ("Épicerie" among the E, not after "Z"). */
export function sortCompaniesByLabel<T extends { label: string }>(companies: readonly T[]): T[] {
  return [...companies].sort((a, b) => COLLATOR.compare(a.label, b.label));
}

function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
