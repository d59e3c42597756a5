// Search in cached lists (customers, articles) works offline on a folded key: case and accents
// ignored, so « Épicerie » is found by « epic ». The Dexie cache stores this key beside each row.

/** Lower case, without accents, inner spaces collapsed. */
export function searchKey(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when every word of the query appears in the text (any order). */
export function matchesSearch(text: string, query: string): boolean {
  const key = searchKey(text);
  return searchKey(query)
    .split(' ')
    .filter(Boolean)
    .every((word) => key.includes(word));
}
