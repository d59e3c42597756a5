// List helpers every module's queries share (moved from the catalogue, so that documents and
// notifications do not reach into another module for them; decision 023).

/** A typed search word as an ILIKE pattern: % and _ are literal, not wildcards. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The list's total, counted only when the page cannot tell it: a short page (or an empty first
 * page) ends the list, so total = offset + its rows. COUNT(*) per page was a third of the cost of a
 * list under load on the embedded database (decision 015).
 */
export async function pageTotal(
  rows: number,
  page: number,
  pageSize: number,
  countAll: () => Promise<number>,
): Promise<number> {
  const offset = (page - 1) * pageSize;
  return rows < pageSize && (rows > 0 || offset === 0) ? offset + rows : countAll();
}
