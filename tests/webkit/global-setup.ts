import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sharedSnapshot } from '../support/shared-snapshot';
import { startWebKitDriver } from './support/launch';

// The WebKit lane (decision 047): Debian's WebKitGTK driven over W3C WebDriver. One virtual
// display (Xvfb) and one WebKitWebDriver for the whole run, started here and stopped at its end; each
// file opens one MiniBrowser session through it. Like the e2e project, it tests the production build
// (E2E_DIST, else dist/, built when absent) against servers opened on the run's seeded snapshot.

declare module 'vitest' {
  interface ProvidedContext {
    /** The WebKitWebDriver of the run: http://127.0.0.1:<port>. */
    webkitDriver?: string;
    /** Where the worker writes the WebDriver sessions it leaves open (closed at the end of the run). */
    webkitSessionsFile?: string;
  }
}

/**
 * `npm test` starts this lane early, beside the others, so its start (vitest, the build check, the
 * snapshot, Xvfb and the driver: about 8 s alone) is done before its tests may run. The tests wait
 * for the signal file (WEBKIT_LANE_GO), written once the API and browser lanes have ended: beside
 * them, WebKitGTK's processes were starved (decision 047). Without the variable, no wait.
 */
async function startSignal(): Promise<void> {
  const go = process.env.WEBKIT_LANE_GO;
  while (go && !existsSync(go)) await new Promise((resolve) => setTimeout(resolve, 200));
}

export default async function setup(project: TestProject) {
  execSync('node scripts/ensure-webkit.mjs', { stdio: 'inherit' });
  const dist = process.env.E2E_DIST ?? 'dist';
  if (!existsSync(`${dist}/index.html`) || process.env.E2E_REBUILD === '1') {
    // As the e2e project: a production service worker (Workbox's development build never takes control).
    execSync(`npx vite build --outDir ${dist} --emptyOutDir`, {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const [snapshot, driver] = await Promise.all([sharedSnapshot(), startWebKitDriver()]);
  const sessionsDir = mkdtempSync(join(tmpdir(), 'workplace-webkit-'));
  const sessionsFile = join(sessionsDir, 'sessions');
  project.provide('webkitDriver', driver.url);
  project.provide('webkitSessionsFile', sessionsFile);
  project.provide('apiSnapshot', snapshot.dir);
  await startSignal();
  return async () => {
    if (existsSync(sessionsFile))
      for (const id of readFileSync(sessionsFile, 'utf8').split('\n').filter(Boolean)) driver.sessions.add(id);
    rmSync(sessionsDir, { recursive: true, force: true });
    await driver.stop();
  };
}
