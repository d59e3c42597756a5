import { z } from 'zod';

// List convention (api-conventions.md): ?q=&page=&pageSize= → { items, total, page, pageSize }.
export const MAX_PAGE_SIZE = 500;

export const listQuery = z.object({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});
export type ListQuery = z.output<typeof listQuery>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A typed search word as an ILIKE pattern: % and _ are literal, not wildcards. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The list's total, counted only when the page cannot tell it: a short page (or an empty first
 * page) ends the list, so total = offset + its rows. COUNT(*) per page was a third of the cost of a
 * list under load on the embedded database (issue 12, decision 015).
 */
export async function pageTotal(rows: number, page: number, pageSize: number, countAll: () => Promise<number>): Promise<number> {
  const offset = (page - 1) * pageSize;
  return rows < pageSize && (rows > 0 || offset === 0) ? offset + rows : countAll();
}
