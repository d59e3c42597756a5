import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Readiness's one trivial query (decision 034): the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
