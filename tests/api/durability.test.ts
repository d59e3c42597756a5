import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/client';
import { embeddedFsyncCalls } from '../../server/src/db/durable-fs';
import { customerPayload } from '../support/invoice-helpers';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 005: on a folder, the embedded database flushes every commit to the disk
// (PostgreSQL's fsync = on, reaching fsync(2) through PGlite's Node file system).

describe('embedded database on a folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'workplace-durable-'));
  let database: Database;
  beforeAll(async () => (database = await openDatabase({ pgliteDir: join(dir, 'pglite') })));
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const setting = async (name: string) =>
    ((await database.db.execute(sql.raw(`show ${name}`))).rows[0] as Record<string, string>)[name];

  it('runs PostgreSQL with fsync on, synchronous commits and full-page writes', async () => {
    expect(await setting('fsync')).toBe('on');
    expect(await setting('wal_sync_method')).toBe('fsync');
    expect(await setting('synchronous_commit')).toBe('on');
    expect(await setting('full_page_writes')).toBe('on');
  });

  it('calls fsync(2) before a commit returns', async () => {
    await database.db.execute(sql`create table if not exists durability_probe (id serial primary key)`);
    const before = embeddedFsyncCalls();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into durability_probe default values`);
    });
    expect(embeddedFsyncCalls()).toBeGreaterThan(before);
  });
});

// Decision 055: a batch's items commit without waiting for the disk, and the batch waits once, for
// all of them, before it answers: the log is flushed up to a synchronous commit made after them.
describe('a batch of queued changes on a folder', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ persistent: true })));
  afterAll(async () => server?.close());

  it('waits for the disk once for its 20 changes, and they are there after a restart', async () => {
    const { token, profile } = await server.api.login('demo');
    const company = profile.userLastCompany as number;
    const items = Array.from({ length: 20 }, (_, i) => ({
      key: `durable-batch-${i}-${Date.now()}`,
      method: 'POST',
      path: 'customers',
      body: customerPayload(`Lot durable ${i + 1}`),
    }));
    const before = embeddedFsyncCalls();
    const res = await server.api.post('/api/sync/batch', { items }, { token, company });
    const flushes = embeddedFsyncCalls() - before;
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { status: number }) => i.status)).toEqual(items.map(() => 201));
    // One per change before; at least one is the flush the answer waited for.
    expect(flushes).toBeGreaterThan(0);
    expect(flushes).toBeLessThan(5);

    await server.restart();
    const { token: again } = await server.api.login('demo');
    const found = await server.api.get('/api/customers?q=Lot%20durable&pageSize=50', { token: again, company });
    expect(found.body.total).toBe(20);
  });
});
