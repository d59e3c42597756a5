// The replay figure with the server as `npm start` runs it: compiled, in its own process, its
// embedded database on disk. bench/offline.ts's benchReplay runs the server inside the bench's own
// process, where it shares one event loop with Playwright's client (every CDP message of the page
// waits behind the server's work, and the reverse): that figure is kept for comparison with earlier
// runs, this one is what a device replaying against a real server sees.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { dismissAnnouncement, newContext, signIn } from '../tests/e2e/support/browser';
import { queueRawChanges } from '../tests/e2e/support/outbox';
import { freePort, spawnServer, waitForPort } from '../tests/support/child-server';
import { apiClient } from '../tests/support/test-server';
import { toWire } from '../src/domain/wire-names';
import { benchCustomer, waitForEmptyOutbox } from './offline-support';

const ROUNDS = 3;
const s = (x: number) => `${(x / 1000).toFixed(2)} s`;

export async function benchReplayOwnProcess(browser: Browser): Promise<Record<string, string>> {
  if (!existsSync('dist/server/index.js')) execSync('npm run --silent build -- --logLevel warn', { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'workplace-bench-replay-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnServer(
    { DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', NODE_ENV: 'production', PUBLIC_URL: url },
    { script: 'dist/server/index.js' },
  );
  try {
    await waitForPort(port, child);
    const api = apiClient(url);
    const { token, profile } = await api.login('demo');
    const company = profile.userLastCompany as number;
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // 50 customers created through the API (the server numbers them), then edited 20 times each offline.
      const accounts: string[] = [];
      for (let d = 0; d < 50; d++) {
        const { id: _id, accountNumber: _n, ...c } = benchCustomer(d);
        const created = await api.post(
          '/api/customers',
          toWire({ ...c, socialReason: `Tour ${round} ${d}` } as never),
          {
            token,
            company,
          },
        );
        if (created.status !== 201 && created.status !== 200) throw new Error(JSON.stringify(created.body));
        accounts.push(created.body.accountNumber as string);
      }
      const context = await newContext(browser, { serviceWorkers: 'allow' });
      const page = await context.newPage();
      await signIn(page, url, 'demo');
      await dismissAnnouncement(page);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
      await context.setOffline(true);
      const edit = (i: number) => {
        const { id: _id, ...c } = benchCustomer(i % 50);
        return { ...c, accountNumber: accounts[i % 50], socialReason: `Client rejoué ${i + 1}` };
      };
      await queueRawChanges(
        page,
        Array.from({ length: 1000 }, (_, i) => ({
          method: 'PUT' as const,
          path: `customers/${accounts[i % 50]}`,
          body: edit(i),
          companyId: company,
          docKey: `customer:${accounts[i % 50]}`,
          label: `Changement ${i + 1}`,
          kind: 'customer.save',
        })),
      );
      await context.setOffline(false);
      const t0 = Date.now();
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      times.push((await waitForEmptyOutbox(page, t0, 20)) - t0);
      // Per-document order held: each customer ends with its last edit.
      for (let d = 0; d < 50; d++) {
        const read = await api.get(`/api/customers/${accounts[d]}`, { token, company });
        if (read.body.socialReason !== `Client rejoué ${950 + d + 1}`)
          throw new Error(`${accounts[d]} : « ${read.body.socialReason} » au lieu de la dernière modification`);
      }
      await context.close();
    }
    return {
      [`Rejeu de 1 000 modifications, serveur compilé dans son propre processus, base sur disque (comme npm start), ${ROUNDS} tours`]:
        times.map(s).join(' ; '),
    };
  } finally {
    child.process.kill('SIGTERM');
    await child.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
