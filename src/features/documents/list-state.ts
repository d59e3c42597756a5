import type { DocumentSort } from './api/documents-api';

// Pure pieces of the document list screen: sort choices, multi-page selection.

export const SORT_OPTIONS: Array<{ value: DocumentSort; label: string }> = [
  { value: '-date', label: 'Plus récents d’abord' },
  { value: 'date', label: 'Plus anciens d’abord' },
  { value: 'name', label: 'Nom (A → Z)' },
  { value: '-name', label: 'Nom (Z → A)' },
  { value: '-size', label: 'Plus volumineux d’abord' },
  { value: 'size', label: 'Moins volumineux d’abord' },
  { value: 'category', label: 'Catégorie' },
];

export const isDocumentSort = (value: unknown): value is DocumentSort => SORT_OPTIONS.some((o) => o.value === value);

export const PAGE_SIZE = 25;

export function toggle<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

/** State of the "select the page" checkbox for the rows shown. */
export function pageSelection(selected: ReadonlySet<number>, ids: readonly number[]): 'all' | 'some' | 'none' {
  const n = ids.filter((id) => selected.has(id)).length;
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

/** Checking the page header adds every row shown; unchecking removes them (other pages keep theirs). */
export function togglePage(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const next = new Set(selected);
  if (pageSelection(selected, ids) === 'all') ids.forEach((id) => next.delete(id));
  else ids.forEach((id) => next.add(id));
  return next;
}

export const selectionLabel = (n: number) =>
  n === 0 ? 'Aucun document sélectionné' : n === 1 ? '1 document sélectionné' : `${n} documents sélectionnés`;
