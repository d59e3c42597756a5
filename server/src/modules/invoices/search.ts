import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchKey } from '../../../../src/domain/search-text';

// Lists search a folded key stored with each document (case and accents ignored, the rule of
// src/domain/search-text), so « epicerie » finds « Épicerie » without any SQL extension.

export function documentSearchText(parts: Array<string | null | undefined>): string {
  return searchKey(parts.filter(Boolean).join(' '));
}

/** Every word of the query must appear; % and _ typed by the user are literal. */
export function searchCondition(column: AnyColumn, q: string | undefined): SQL | undefined {
  const words = searchKey(q ?? '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((w) => sql`${column} like ${`%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`),
    sql` and `,
  );
}
