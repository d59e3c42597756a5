import { systemClock } from '../clock/clock';
import { linkSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { createExclusive, unwritableMessage } from './data-dir';
import { StartupError } from './startup-error';
import { formatDateTime } from '../../../src/domain/format';

/**
 * One server per embedded database: DATA_DIR/workplace.lock, created with O_EXCL, holds the
 * owner's pid. This is PostgreSQL's postmaster.pid scheme (Node has no flock(2) without a native
 * module): a lock left by a crash (kill -9, power loss) is recognised as stale when its pid is dead,
 * is our own or our parent's pid (a container restarted with the same pid), or — on Linux — belongs
 * to a process started at another time (the pid was reused). Whatever the start order, exactly one
 * process wins: creation is atomic, and a stale lock is taken over by an atomic rename that is
 * undone if what it moved was not the stale lock it examined.
 */
export const LOCK_FILE = 'workplace.lock';

export interface DataDirLock {
  path: string;
  release(): void;
}

interface Holder {
  pid: number;
  start: string | null;
  host: string;
  since: string;
}

const heldHere = new Set<string>();

export function lockDataDir(dataDir: string, productName: string): DataDirLock {
  const folder = resolve(dataDir);
  const path = join(folder, LOCK_FILE);
  const mine = `${JSON.stringify({ pid: process.pid, start: processStart(process.pid), host: hostname(), since: systemClock().toISOString() } satisfies Holder)}\n`;
  for (let attempt = 0; ; attempt++) {
    if (heldHere.has(path)) throw inUse(folder, productName, { pid: process.pid, since: '' });
    try {
      createExclusive(path, mine);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new StartupError(unwritableMessage(folder, error));
    }
    const raw = readOrNull(path);
    if (raw === null) continue; // released meanwhile: try again
    const holder = parse(raw);
    if (holder && isAlive(holder)) throw inUse(folder, productName, holder);
    // An unreadable lock younger than a second may be a competitor between create and write.
    if (!holder && attempt < 20) {
      sleep(50);
      continue;
    }
    if (attempt > 50)
      throw new StartupError(
        `Le verrou « ${path} » n’a pas pu être repris. Supprimez ce fichier si aucun serveur ${productName} n’utilise ce dossier.`,
      );
    takeOver(path, raw);
  }
  heldHere.add(path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(path);
    // Only our own lock is removed (never one another process took over meanwhile).
    if (readOrNull(path) === mine) rmSync(path, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return { path, release };
}

function takeOver(path: string, staleRaw: string): void {
  const aside = `${path}.perime-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch {
    return; // someone else moved it first: the next attempt sees their lock, or none
  }
  if (readOrNull(aside) !== staleRaw) {
    // We moved a live competitor's fresh lock: put it back (link fails if a third one won).
    try {
      linkSync(aside, path);
    } catch {
      /* the next attempt finds whoever holds the path */
    }
  }
  rmSync(aside, { force: true });
}

function isAlive(holder: Holder): boolean {
  if (holder.pid === process.pid || holder.pid === process.ppid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(holder.pid);
  return !(holder.start && start && holder.start !== start);
}

/** Linux: the process start time in clock ticks since boot (/proc/PID/stat, field 22). */
function processStart(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function inUse(folder: string, productName: string, holder: Pick<Holder, 'pid' | 'since'>): StartupError {
  const since = holder.since ? `, démarré le ${formatDateTime(holder.since)}` : '';
  return new StartupError(
    `Le dossier de données « ${folder} » est déjà utilisé par un autre serveur ${productName} (processus ${holder.pid}${since}). ` +
      'Une base embarquée ne peut servir qu’un seul serveur : arrêtez l’autre, ou donnez à celui-ci un autre DATA_DIR.',
  );
}

function parse(raw: string): Holder | null {
  try {
    const value = JSON.parse(raw) as Holder;
    return Number.isInteger(value.pid) && value.pid > 0 ? value : null;
  } catch {
    return null;
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
