import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompiledServer, spawnServer, type ChildServer } from '../support/child-server';

// The server as `npm start` runs it, in real processes: French refusals at start that name what to
// fix. The compiled server (dist/server/, rebuilt here if the sources changed): what `npm start` and
// `npm run serve` run. Its port opening only once the demo is loaded, and its data folder's lock:
// production-install.test.ts.

const SERVE = 'dist/server/index.js'; // `npm run serve`
const dirs: string[] = [];
const children: ChildServer[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'workplace-startup-'));
  dirs.push(dir);
  return dir;
};
const start = (env: Record<string, string>, opts?: Parameters<typeof spawnServer>[1]) => {
  const child = spawnServer(env, opts);
  children.push(child);
  return child;
};
/** Adds o+x to every folder on the way to `dir` that lacks it; returns the undo. */
function openPathTo(dir: string): () => void {
  const changed: Array<[string, number]> = [];
  for (let p = dir; ; p = dirname(p)) {
    const mode = statSync(p).mode & 0o7777;
    if (!(mode & 0o001)) {
      chmodSync(p, mode | 0o001);
      changed.push([p, mode]);
    }
    if (p === dirname(p)) break;
  }
  return () => changed.forEach(([p, mode]) => chmodSync(p, mode));
}

beforeAll(ensureCompiledServer);
afterAll(() => {
  for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.concurrent('refusals at start', () => {
  it('production without PUBLIC_URL refuses to start, in French', async () => {
    const child = start({ DATA_DIR: tempDir(), PORT: '0', NODE_ENV: 'production' }, { script: SERVE });
    expect(await child.exited).toBe(1);
    expect(child.output()).toContain('PUBLIC_URL est obligatoire en production');
    expect(child.output()).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('an unwritable DATA_DIR is named with the missing permission', async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o555);
    // root ignores file modes: the check then runs as "nobody", for whom the mode applies. nobody
    // must be able to reach the code: a clone in a private folder (mktemp -d) gets o+x on its
    // ancestors for the time of the test only.
    const asRoot = process.getuid?.() === 0;
    const restore = asRoot ? openPathTo(process.cwd()) : () => undefined;
    const child = start(
      { DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0' },
      { script: SERVE, ...(asRoot ? { uid: 65534, gid: 65534 } : {}) },
    );
    const code = await child.exited;
    restore();
    expect(code, child.output()).toBe(1);
    expect(child.output()).toContain(
      `Le dossier de données « ${dataDir} » est inutilisable : permission d’écriture refusée`,
    );
    expect(child.output()).not.toMatch(/^\s+at /m);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('a DATA_DIR under a file is reported as such', async () => {
    const file = join(tempDir(), 'fichier');
    writeFileSync(file, 'x');
    const child = start({ DATA_DIR: join(file, 'data'), PORT: '0', SEED_DEMO: '0' }, { script: SERVE });
    expect(await child.exited).toBe(1);
    expect(child.output()).toContain('un élément du chemin est un fichier, pas un dossier');
    expect(readFileSync(file, 'utf8')).toBe('x');
  }, 60_000);
});
