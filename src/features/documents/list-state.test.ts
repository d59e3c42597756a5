import { describe, expect, it } from 'vitest';
import { isDocumentSort, pageSelection, selectionLabel, toggle, togglePage } from './list-state';

describe('document list state', () => {
  it('knows the sorts the API accepts', () => {
    expect(isDocumentSort('-date')).toBe(true);
    expect(isDocumentSort('oops')).toBe(false);
    expect(isDocumentSort(null)).toBe(false);
  });

  it('toggles one row and the whole page, keeping other pages’ selection', () => {
    expect([...toggle(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggle(new Set([1, 2]), 2)]).toEqual([1]);
    const selected = new Set([9]);
    expect(pageSelection(selected, [1, 2])).toBe('none');
    const all = togglePage(selected, [1, 2]);
    expect([...all].sort()).toEqual([1, 2, 9]);
    expect(pageSelection(all, [1, 2])).toBe('all');
    expect(pageSelection(new Set([1]), [1, 2])).toBe('some');
    expect([...togglePage(all, [1, 2])]).toEqual([9]);
  });

  it('says how many documents are selected', () => {
    expect(selectionLabel(0)).toBe('Aucun document sélectionné');
    expect(selectionLabel(1)).toBe('1 document sélectionné');
    expect(selectionLabel(3)).toBe('3 documents sélectionnés');
  });
});
