import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayInParis } from '../../src/domain/dates';
import { ensureEInvoiceSefs } from '../../scripts/einvoice-sef.mjs';
import { buildSnapshot } from './api-snapshot';

// The api and e2e projects need the same migrated, seeded database (decision 017). `npm test` runs
// them side by side (decision 029): one of them builds it, the other waits for it, and the next
// run reuses it while the server's code, its migrations, the locked packages and the day (the demo
// data is dated from today) stay the same.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = 'workplace-snapshot-';
const SNAPSHOT_BUILDER = 'tests/support/api-snapshot.ts';
const STALE_LOCK_MS = 5 * 60_000;
const KEEP_OTHERS_MS = 60 * 60_000;
const idleFor = (path: string) => {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0; // already gone
  }
};

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length));
}

/** What the seeded database depends on. */
function snapshotKey(): string {
  // The demo data is dated from the server's today, a Paris day (api-conventions.md).
  // In the calendar lane each instant seeds its own (decision 076).
  const hash = createHash('sha256')
    .update(todayInParis(new Date()))
    .update(process.env.WORKPLACE_NOW ?? '');
  const inputs = [...filesUnder('server/src'), ...filesUnder('server/drizzle'), 'package-lock.json', SNAPSHOT_BUILDER];
  for (const file of inputs.sort()) {
    hash.update(file).update(readFileSync(join(ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

const ready = (dir: string) => existsSync(join(dir, 'seed.json'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The folder of the seeded snapshot for this code, built once (a mkdir lock keeps out a second builder). */
export async function sharedSnapshot(): Promise<{ dir: string; built: boolean }> {
  // The received invoices' official rules (decision 086): the seed and every upload read them.
  await ensureEInvoiceSefs({ log: (line) => console.log(line) });
  const dir = join(tmpdir(), `${PREFIX}${snapshotKey()}`);
  const lock = `${dir}.lock`;
  for (;;) {
    if (ready(dir)) {
      const now = new Date();
      utimesSync(dir, now, now); // in use: another code's build keeps it (below)
      return { dir, built: false };
    }
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A builder that died leaves its lock: taken over after a while.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
        rmSync(lock, { force: true, recursive: true });
      await sleep(300);
    }
  }
  try {
    if (ready(dir)) return { dir, built: false };
    const built = await buildSnapshot();
    for (const name of readdirSync(tmpdir())) {
      // Another code's snapshot is removed once nothing has used it for a while: a run of another
      // checkout on this machine (a clone, a branch) may be reading it right now.
      const other = join(tmpdir(), name);
      if (name.startsWith(PREFIX) && !name.startsWith(basename(dir)) && idleFor(other) > KEEP_OTHERS_MS) {
        rmSync(other, { recursive: true, force: true });
      }
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(built, dir); // same folder: seed.json appears with the rest, at once
    return { dir, built: true };
  } finally {
    rmSync(lock, { force: true, recursive: true });
  }
}
