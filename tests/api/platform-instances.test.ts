import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/src/env';
import { startServer, type RunningServer } from '../../server/src/server';
import { enqueueFlow, queueCounts, writeSettings } from '../../server/src/modules/platform/service';
import { adminQuery, databaseUrl, PG_TEMPLATE } from '../support/pg-cluster';
import { startFakePlatform, type FakePlatform } from './platform-fake';

// Decision 088: with several instances on one PostgreSQL, each runs the platform's worker and only
// one sends a given flow (FOR UPDATE SKIP LOCKED and a lease). Three servers drain 120 flows at once:
// the platform (which dedupes nothing) receives each exactly once. Run by the api-pg project only.

const cluster = inject('apiPg');
const FLOWS = 120;
let database: string;
let dataDir: string;
let fake: FakePlatform;
const servers: RunningServer[] = [];

beforeAll(async () => {
  if (!cluster) return;
  database = `platform_${process.pid}`;
  await adminQuery(cluster.adminUrl, `create database ${database} template ${PG_TEMPLATE}`);
  dataDir = mkdtempSync(join(tmpdir(), 'workplace-platform-instances-'));
  fake = await startFakePlatform();
  for (let i = 0; i < 3; i++) {
    const config = readConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(cluster.adminUrl, database),
      SEED_DEMO: '1',
      PLATFORM_QUEUE_SECONDS: '3600',
      PLATFORM_POLL_SECONDS: '3600',
    });
    servers.push(await startServer(config));
  }
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await fake?.close();
  if (cluster) await adminQuery(cluster.adminUrl, `drop database if exists ${database} with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(!!cluster)('three instances on one PostgreSQL', () => {
  it('send each queued flow exactly once', async () => {
    const { db, now } = servers[0]!.deps;
    const [company] = (await db.execute(sql`select id from companies order by id limit 1`)).rows as Array<{
      id: number;
    }>;
    const companyId = company!.id;
    await db.transaction((tx) =>
      writeSettings(
        tx,
        companyId,
        { baseUrl: fake.flowUrl, authKind: 'oauth2', tokenUrl: fake.tokenUrl, clientId: 'pa', clientSecret: 'secret' },
        null,
        now(),
      ),
    );
    for (let i = 0; i < FLOWS; i++)
      await db.transaction((tx) =>
        enqueueFlow(
          tx,
          {
            companyId,
            kind: 'invoice',
            sourceId: 2_000_000 + i,
            fileName: `F-${i}.pdf`,
            bytes: new TextEncoder().encode(`facture ${i}`),
            syntax: 'Factur-X',
            profile: 'CIUS',
          },
          now(),
        ),
      );
    // Every instance's worker at the same time, twice.
    for (let turn = 0; turn < 2; turn++) await Promise.all(servers.map((s) => s.platform.runOnce()));
    expect(await queueCounts(db, companyId)).toEqual({ sent: FLOWS });
    const tracking = fake.flows.map((f) => f.trackingId);
    expect(tracking).toHaveLength(FLOWS);
    expect(new Set(tracking).size).toBe(FLOWS);
  });
});
