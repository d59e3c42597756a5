import { builtinModules } from 'node:module';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/test-server';
import { ensureCompiledServer, freePort, spawnServer, waitForPort, type ChildServer } from '../support/child-server';
import { APP_INPUTS, APP_STAMP, appBuildIsCurrent, digest } from '../../scripts/build-stamp.mjs';

// `npm ci --omit=dev && npm run serve` after a build (decision 019), without a network install:
// a temporary installation gets dist/server/, package.json and links to the production packages
// only (as `npm ci --omit=dev` would install them from the lockfile). Node runs with
// --preserve-symlinks, so nothing is found in this clone's node_modules, where the dev tools are.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
let install: string;
let child: ChildServer | undefined;
const others: ChildServer[] = [];

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean }>;
};
/** What `npm ci --omit=dev` installs: the lockfile's packages not marked "dev" (paths under node_modules/). */
const production = Object.keys(lock.packages).filter(
  (path) => path.startsWith('node_modules/') && !lock.packages[path]!.dev,
);
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
/** The top-level ones present here (nested ones come with their parent's link; other platforms' are absent). */
const topLevel = () =>
  production.filter((p) => !p.includes('/node_modules/', 1) && existsSync(join(ROOT, p))).map(nameOf);

beforeAll(() => {
  ensureCompiledServer();
  install = mkdtempSync(join(tmpdir(), 'workplace-prod-'));
  cpSync(join(ROOT, 'dist/server'), join(install, 'dist/server'), {
    recursive: true,
    filter: (f) => !f.endsWith('.map'),
  });
  // The built PWA is not the point here (and takes a minute): a stand-in page shows dist/ is served.
  writeFileSync(join(install, 'dist/index.html'), '<!doctype html><title>Page de l’installation</title>');
  cpSync(join(ROOT, 'package.json'), join(install, 'package.json'));
  for (const name of topLevel()) {
    mkdirSync(join(install, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(install, 'node_modules', name), 'dir');
  }
});

afterAll(async () => {
  for (const c of [child, ...others]) {
    if (c && c.process.exitCode === null && c.process.signalCode === null) {
      c.process.kill('SIGTERM');
      await c.exited;
    }
  }
  if (install) rmSync(install, { recursive: true, force: true });
});

describe('a production install (no devDependencies)', () => {
  it('the compiled server imports only Node modules and production dependencies', () => {
    const stamp = JSON.parse(readFileSync(join(install, 'dist/server/server-stamp.json'), 'utf8'));
    // Inside the bundle: only packages `npm ci --omit=dev` installs.
    expect((stamp.bundled as string[]).filter((name) => !production.map(nameOf).includes(name))).toEqual([]);
    // Outside: every import left in the compiled code (esbuild's list) is a Node module or one of our dependencies.
    const builtins = new Set(builtinModules);
    const packages = (stamp.imports as string[]).filter(
      (s) => !s.startsWith('node:') && !builtins.has(s.split('/')[0]),
    );
    const names = packages.map((s) => s.replace(/^(@[^/]+\/[^/]+|[^@][^/]*).*/, '$1'));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  it('starts with plain node, migrates, loads the demo, renders a PDF, writes a mail and serves dist/', async () => {
    const dataDir = join(install, 'data');
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      NODE_ENV: 'production',
      SEED_DEMO: '1',
      PUBLIC_URL: 'http://localhost',
    };
    child = spawnServer(env, {
      script: 'dist/server/index.js',
      cwd: install,
      nodeArgs: ['--preserve-symlinks', '--preserve-symlinks-main'],
    });
    // Its first start migrates and loads the demo: about 30 s alone, more than 150 s in a full
    // `npm test` on a slow day.
    await waitForPort(port, child, 300_000);
    const api = apiClient(`http://127.0.0.1:${port}`);
    const { token, profile } = await api.login('demo');
    const company = profile.userCompanies[0].id as number;
    const list = await api.get('/api/factures?pageSize=5', { token, company });
    expect(list.status).toBe(200);
    // The PDF fonts are files of @fontsource/inter, found from the compiled code's location.
    const pdf = await api.get(`/api/invoices/${list.body.items[0].id}/pdf`, { token, company });
    expect(pdf.status, JSON.stringify(pdf.body).slice(0, 300)).toBe(200);
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
    expect((await api.post('/api/user/me/forgotten-password', { username: 'demo' })).status).toBe(200);
    // The mail goes out after the answer (the same time for known and unknown logins, decision 075).
    await expect
      .poll(
        () => existsSync(join(dataDir, 'mail')) && readdirSync(join(dataDir, 'mail')).some((f) => f.endsWith('.eml')),
      )
      .toBe(true);
    expect((await api.get('/')).body).toContain('Page de l’installation');
    // The compiled server sits in dist/, which is served: its own files never go out.
    const own = await api.get('/server/index.js');
    expect(own.body).not.toContain('import');
    expect(own.body).toContain('Page de l’installation');
    expect(child.output()).toContain('ATTENTION : comptes de démonstration présents');
  }, 420_000);

  // Follows the test above, whose server holds the data folder it loaded (one demo load for both:
  // the longest part of each).
  it('locks its data folder: a second server is refused; after a kill -9, `npm start` takes it over and frees it on exit', async () => {
    expect(child?.process.exitCode).toBeNull();
    const first = child!;
    const dataDir = join(install, 'data');
    const start = (port: number) => {
      // `npm start`'s launcher, from this clone, on the installation's data folder.
      const started = spawnServer({ DATA_DIR: dataDir, PORT: String(port) });
      others.push(started);
      return started;
    };
    const second = start(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Le dossier de données « ${dataDir} » est déjà utilisé par un autre serveur Workplace (processus ${first.process.pid}`,
    );
    expect(second.output()).not.toMatch(/^\s+at /m);

    // A crash leaves the lock file behind; the next start sees its owner is gone and takes over.
    first.process.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, 'workplace.lock'))).toBe(true);
    const port = await freePort();
    const third = start(port);
    await waitForPort(port, third);
    const api = apiClient(`http://127.0.0.1:${port}`);
    expect((await api.post('/api/login', { username: 'admin', password: 'admin' })).status).toBe(200);
    // npm start's links point to localhost, whatever the Host header says.
    expect(third.output()).toContain(`liens envoyés par courriel : http://localhost:${port}`);

    third.process.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(join(dataDir, 'workplace.lock'))).toBe(false);
  }, 300_000);
});

describe('the build stamp `npm start` compares (decision 019)', () => {
  it('is stale after a change to a source, the lockfile or a new file, not to a test file', () => {
    const root = mkdtempSync(join(tmpdir(), 'workplace-stamp-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(join(root, path, '..'), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write('src/a.ts', 'export const a = 1;');
      write('src/a.test.ts', 'test');
      write('package-lock.json', '{}');
      expect(appBuildIsCurrent(root)).toBe(false); // nothing built yet
      write('dist/index.html', '<!doctype html>');
      write('dist/server/index.js', '');
      write(APP_STAMP, JSON.stringify({ digest: digest(APP_INPUTS, root) }));
      expect(appBuildIsCurrent(root)).toBe(true);
      write('src/a.test.ts', 'test changed');
      expect(appBuildIsCurrent(root)).toBe(true);
      write('src/a.ts', 'export const a = 2;');
      expect(appBuildIsCurrent(root)).toBe(false);
      write('src/a.ts', 'export const a = 1;');
      write('package-lock.json', '{ "lockfileVersion": 3 }');
      expect(appBuildIsCurrent(root)).toBe(false);
      write('package-lock.json', '{}');
      write('server/src/b.ts', '');
      expect(appBuildIsCurrent(root)).toBe(false);
      rmSync(join(root, 'server'), { recursive: true });
      expect(appBuildIsCurrent(root)).toBe(true);
      rmSync(join(root, 'dist/server/index.js'));
      expect(appBuildIsCurrent(root)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
