import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/client';
import { embeddedFsyncCalls } from '../../server/src/db/durable-fs';

// Issue 9, item 4: on a folder, the embedded database flushes every commit to the disk
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
