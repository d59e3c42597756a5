// What the benches that open a screen in Chromium share: the built app (BENCH_DIST or E2E_DIST
// reuse a build, otherwise one is made in a temporary folder and removed after), Chromium, and a
// context already signed in (the session written where the app reads it, the announcement
// dismissed), so a figure measures the screen and not the sign-in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import type { TestServer } from '../../tests/support/test-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The app's static files: a reused build, or one made now; `remove` deletes what was made. */
export async function builtApp(prefix: string): Promise<{ staticDir: string; remove: () => void }> {
  const reuse = process.env.BENCH_DIST ?? process.env.E2E_DIST;
  if (reuse) return { staticDir: reuse, remove: () => undefined };
  const outDir = mkdtempSync(join(tmpdir(), `workplace-bench-${prefix}-`));
  try {
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  return { staticDir: outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: ['--disable-gpu', '--disable-dev-shm-usage'] });

/** A laptop-sized context (1366×900, Paris, French) signed in as `username`, service worker blocked. */
export async function signedInContext(
  server: TestServer,
  browser: Browser,
  username = 'demo',
): Promise<{ context: BrowserContext; token: string; profile: Record<string, unknown> }> {
  const { token, profile } = await server.api.login(username);
  const { token: _drop, ...stored } = profile as Record<string, unknown>;
  const context = await browser.newContext({
    serviceWorkers: 'block',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: server.url,
          localStorage: [
            { name: 'workplace.session', value: JSON.stringify({ token, profile: stored }) },
            { name: 'facturation-announcement-dismissed', value: 'true' },
          ],
        },
      ],
    },
  });
  return { context, token, profile: profile as Record<string, unknown> };
}

/**
 * A screen bench's figures followed by its checks (« Vérification : … » tenue / ÉCHEC); the section
 * fails, its figures printed, when one check is not met.
 */
export function checkedFigures(
  figures: Record<string, string>,
  checks: Array<[string, boolean]>,
  errors: string[],
): Record<string, string> {
  const all = {
    ...figures,
    ...Object.fromEntries(checks.map(([label, ok]) => [`Vérification : ${label}`, ok ? 'tenue' : 'ÉCHEC'])),
  };
  const failed = checks.filter(([, ok]) => !ok);
  if (failed.length) {
    console.log(all);
    throw new Error(
      `vérifications non tenues : ${failed.map(([label]) => label).join(', ')}${errors.length ? ` — ${errors[0]}` : ''}`,
    );
  }
  return all;
}

/** The page's console errors and uncaught exceptions, collected as they come (a failed request aside). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on(
    'console',
    (msg) => msg.type() === 'error' && !/Failed to load resource/.test(msg.text()) && errors.push(msg.text()),
  );
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}
