// Figures for decision 088: 1 000 invoices queued while the company's platform is down, then
// drained once it is back — how long, how many tries, 0 duplicates and 0 lost. The platform is the
// tests' small Flow Service, which dedupes nothing (a flow sent twice would be counted twice).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readConfig } from '../server/src/env';
import { startServer } from '../server/src/server';
import { seedDemo } from '../server/src/seed/demo';
import { enqueueFlow, queueCounts, writeSettings } from '../server/src/modules/platform/service';
import { startFakePlatform } from '../tests/api/platform-fake';

const INVOICES = 1000;
const s = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;

export async function benchPlatformQueue(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-platform-'));
  const fake = await startFakePlatform();
  const config = readConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    PLATFORM_QUEUE_SECONDS: '0.05',
    PLATFORM_RETRY_SECONDS: '0.05',
    PLATFORM_POLL_SECONDS: '3600',
  });
  let companyId = 0;
  const running = await startServer(config, {
    prepare: async (deps) => void (companyId = (await seedDemo(deps)).companies[0].id),
  });
  try {
    const { db } = running.deps;
    fake.mode = '503';
    await db.transaction((tx) =>
      writeSettings(
        tx,
        companyId,
        {
          baseUrl: fake.flowUrl,
          authKind: 'oauth2',
          tokenUrl: fake.tokenUrl,
          clientId: 'pa-bench',
          clientSecret: 'secret',
        },
        null,
        running.deps.now(),
      ),
    );
    // 1 000 distinct files of invoice size (a Factur-X is 30 to 60 kB), each in its own transaction as
    // a validation writes it.
    const queued = performance.now();
    for (let i = 0; i < INVOICES; i++) {
      const bytes = new Uint8Array(40_000).fill(i % 251);
      new DataView(bytes.buffer).setUint32(0, i);
      await db.transaction((tx) =>
        enqueueFlow(
          tx,
          {
            companyId,
            kind: 'invoice',
            sourceId: 1_000_000 + i,
            fileName: `F-${i}.pdf`,
            bytes,
            syntax: 'Factur-X',
            profile: 'CIUS',
          },
          running.deps.now(),
        ),
      );
    }
    const queueMs = performance.now() - queued;
    // Down for 3 s: the worker keeps trying, backing off.
    await new Promise((r) => setTimeout(r, 3000));
    const whileDown = await queueCounts(db, companyId);
    fake.mode = 'up';
    const back = performance.now();
    for (;;) {
      const counts = await queueCounts(db, companyId);
      if ((counts.sent ?? 0) + (counts.refused ?? 0) >= INVOICES) break;
      if (performance.now() - back > 10 * 60_000) throw new Error('file non vidée en 10 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
    const drainMs = performance.now() - back;
    const counts = await queueCounts(db, companyId);
    const tracking = fake.flows.map((f) => f.trackingId);
    const distinct = new Set(tracking).size;
    return {
      'Factures mises en file (1 transaction chacune)': `${INVOICES} en ${s(queueMs)}`,
      'Plateforme coupée 3 s : en attente': String(whileDown.pending ?? 0),
      'Vidage une fois la plateforme revenue': s(drainMs),
      'Débit du vidage': `${Math.round(INVOICES / (drainMs / 1000))} flux/s`,
      'Flux reçus par la plateforme': String(tracking.length),
      Doublons: String(tracking.length - distinct),
      Perdus: String(INVOICES - (counts.sent ?? 0)),
    };
  } finally {
    await running.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchPlatformQueue());
