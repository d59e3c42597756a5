import { describe, expect, it } from 'vitest';
import { catalogueSearch, documentsSearch, invoiceListSearch, pageSearch, quoteListSearch } from './list-search';
import { filtersFromSearch, searchOfFilters } from './use-search-filters';

describe('list filters in the URL', () => {
  it('keeps valid values and drops malformed ones instead of failing the screen', () => {
    expect(
      invoiceListSearch({
        q: 'dupont',
        status: 'retard',
        type: 'Avoir',
        validated: true,
        from: '2026-01-01',
        to: 'hier',
        customer: 411001,
      }),
    ).toEqual({
      q: 'dupont',
      status: 'retard',
      type: 'Avoir',
      validated: 'true',
      from: '2026-01-01',
      customer: '411001',
    });
    expect(invoiceListSearch({ status: 'payée', type: 'Devis', validated: 'oui' })).toEqual({});
    expect(quoteListSearch({ state: 'Accepté', q: '' })).toEqual({ state: 'Accepté' });
    expect(quoteListSearch({ state: 'Perdu' })).toEqual({});
    expect(documentsSearch({ category: '12', sort: '-size', page: '3', q: 'tva' })).toEqual({
      category: 12,
      sort: '-size',
      page: 3,
      q: 'tva',
    });
    expect(documentsSearch({ category: -1, sort: 'random', page: 1 })).toEqual({});
    expect(documentsSearch({ category: 0 })).toEqual({ category: 0 }); // "every category", chosen
    expect(pageSearch({ page: 'abc' })).toEqual({});
    expect(catalogueSearch({ q: 'pain' })).toEqual({ q: 'pain' });
  });

  it('a screen starts from the URL and writes back only what differs from the defaults', () => {
    const empty = { q: '', customer: '', status: '' };
    const filters = filtersFromSearch(empty, { q: 'boulangerie', status: 'payee', other: 'x', customer: 411001 });
    expect(filters).toEqual({ q: 'boulangerie', customer: '411001', status: 'payee' });
    expect(searchOfFilters(empty, { ...filters, customer: '' })).toEqual({ q: 'boulangerie', status: 'payee' });
    expect(searchOfFilters(empty, empty)).toEqual({});
  });
});
