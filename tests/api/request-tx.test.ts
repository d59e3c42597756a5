import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/src/db/client';
import { afterCommit, inTransaction, requestTransaction } from '../../server/src/db/request-tx';
import { idempotencyKeys } from '../../server/src/db/schema/index';

// The scoped database handle (decision 007): inside a transaction opened through it, `db` is that
// transaction. On PGlite (one connection) the outer handle would otherwise wait forever.

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(() => database?.close());

const row = (key: string) => ({ userId: 1, companyId: 0, key, requestHash: 'h', status: 200, body: '' });
const exists = async (key: string) =>
  (await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length === 1;
const timeout = (ms: number) => new Promise((_, reject) => setTimeout(() => reject(new Error('bloqué')), ms));

describe('scopedDb', () => {
  it('sends the plain handle to the open transaction instead of waiting for it', async () => {
    const { db } = database;
    const work = db.transaction(async (tx) => {
      await tx.insert(idempotencyKeys).values(row('scope-a'));
      expect(inTransaction()).toBe(true);
      // The same handle, used by code that never saw `tx`: it sees the uncommitted row.
      const seen = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'scope-a'));
      expect(seen).toHaveLength(1);
      // A nested transaction is a savepoint: its failure undoes only its own work.
      await db
        .transaction(async () => {
          await db.insert(idempotencyKeys).values(row('scope-b'));
          throw new Error('annulé');
        })
        .catch(() => undefined);
    });
    await Promise.race([work, timeout(5_000)]);
    expect(inTransaction()).toBe(false);
    expect(await exists('scope-a')).toBe(true);
    expect(await exists('scope-b')).toBe(false);
  });

  it('runs afterCommit work once committed, outside the transaction, and drops it on rollback', async () => {
    const { db } = database;
    const seen: string[] = [];
    await requestTransaction(db, async () => {
      await db.insert(idempotencyKeys).values(row('after-1'));
      afterCommit(async () => seen.push(`${inTransaction()} ${await exists('after-1')}`));
      seen.push('work');
    });
    expect(seen).toEqual(['work', 'false true']);
    await requestTransaction(db, async () => {
      afterCommit(() => seen.push('never'));
      throw new Error('panne');
    }).catch(() => undefined);
    expect(seen).toEqual(['work', 'false true']);
  });
});
