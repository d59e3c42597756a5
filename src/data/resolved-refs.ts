// A customer created offline is named in local drafts by its temporary reference. Once the server
// has numbered it, the drafts name the real number, so an editor reopened later finds the customer
// in the refreshed list (queued requests are rewritten by the replayer itself, through idMap).
import type { WorkplaceDb } from './db';
import type { OutboxEntry } from './outbox-types';
import { rewriteTempIds } from './temp-ids';

export async function rewriteDraftRefs(db: WorkplaceDb, entry: OutboxEntry, response: unknown): Promise<number> {
  if (!entry.idField || !entry.createsTempId) return 0;
  const key = (response as Record<string, unknown> | null)?.[entry.idField];
  if (typeof key !== 'string' && typeof key !== 'number') return 0;
  const tmp = entry.createsTempId;
  const map = new Map([[tmp, key]]);
  return db.transaction('rw', db.drafts, async () => {
    const rows = (await db.drafts.toArray()).filter((r) => JSON.stringify(r.data ?? null).includes(tmp));
    for (const row of rows) await db.drafts.put({ ...row, data: rewriteTempIds(row.data, map) });
    return rows.length;
  });
}
