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
