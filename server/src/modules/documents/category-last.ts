import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { gedCategoryLast } from '../../db/schema/index';

// The category a user last opened in a company's documents, with its facet and headings: the GED
// opens there again (routes.ts).

type LastRow = typeof gedCategoryLast.$inferSelect;
export interface LastCategory {
  categoryId: number;
  facet: LastRow['facet'];
  headings: LastRow['headings'];
  updatedAt: string;
}

function lastOut(row: LastRow): LastCategory {
  return {
    categoryId: row.categoryId,
    facet: row.facet,
    headings: row.headings,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's last category in the company, or null. */
export async function lastCategory(db: DbOrTx, userId: number, companyId: number): Promise<LastCategory | null> {
  const [last] = await db
    .select()
    .from(gedCategoryLast)
    .where(and(eq(gedCategoryLast.userId, userId), eq(gedCategoryLast.companyId, companyId)));
  return last ? lastOut(last) : null;
}

/** Keeps the user's last category in the company (one row per user and company). */
export async function rememberCategory(
  db: DbOrTx,
  values: Omit<typeof gedCategoryLast.$inferInsert, 'facet' | 'headings'> & {
    facet: LastRow['facet'];
    headings: LastRow['headings'];
  },
): Promise<LastCategory> {
  const [row] = await db
    .insert(gedCategoryLast)
    .values(values)
    .onConflictDoUpdate({
      target: [gedCategoryLast.userId, gedCategoryLast.companyId],
      set: {
        categoryId: values.categoryId,
        facet: values.facet,
        headings: values.headings,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return lastOut(row);
}
