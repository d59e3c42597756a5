// List orders (INV-26, ART-8): documents by number descending (numeric), drafts first; articles
// Standard first, then by code. Both return a new array and are stable.
import type { LineType } from './types';

const COLLATOR = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** The digit groups of a number: 'F2026-0012' → [2026n, 12n]. BigInt: no length limit. */
function digitGroups(number: string): bigint[] {
  return (number.match(/\d+/g) ?? []).map((g) => BigInt(g));
}

/**
 * Numeric comparison of document numbers, ascending. Prefixes are ignored and the digit
 * groups compared left to right, so 'F2026-0001' > 'F2025-0099' (a yearly series) and
 * 'F2026-0012' > 'F2026-0009'. Comparing the trailing digits alone would rank F2025-0099
 * above F2026-0001. Equal digits (or none) fall back to a numeric-aware text comparison.
 */
export function compareDocumentNumbers(a: string, b: string): number {
  const ga = digitGroups(a);
  const gb = digitGroups(b);
  for (let i = 0; i < Math.min(ga.length, gb.length); i++) {
    if (ga[i] !== gb[i]) return ga[i] < gb[i] ? -1 : 1;
  }
  if (ga.length !== gb.length) return ga.length - gb.length;
  return COLLATOR.compare(a, b);
}

function isUnnumbered(n: string | null | undefined): boolean {
  return n === null || n === undefined || n.trim() === '';
}

/** Drafts (no number yet) first, in their current order; then number descending. */
export function sortByNumberDesc<T extends { number?: string | null }>(rows: readonly T[]): T[] {
  return [...rows].sort((x, y) => {
    const dx = isUnnumbered(x.number);
    const dy = isUnnumbered(y.number);
    if (dx || dy) return dx === dy ? 0 : dx ? -1 : 1;
    return compareDocumentNumbers(y.number as string, x.number as string);
  });
}

/** Standard articles first (the ones put on lines most), then by code, '2' before '10'. */
export function sortArticles<T extends { type: LineType | string; code: string }>(articles: readonly T[]): T[] {
  return [...articles].sort((a, b) => {
    const sa = a.type === 'Standard' ? 0 : 1;
    const sb = b.type === 'Standard' ? 0 : 1;
    return sa - sb || COLLATOR.compare(a.code ?? '', b.code ?? '');
  });
}
