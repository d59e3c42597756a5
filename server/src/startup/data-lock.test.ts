import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-lock';

// The lock's decisions on crafted lock files (the real two-process case is in tests/api/startup.test.ts).

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'workplace-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const writeLock = (dir: string, holder: Record<string, unknown>) =>
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder));

describe('data folder lock', () => {
  it('is exclusive within a process too, and released on release()', () => {
    const dir = folder();
    const lock = lockDataDir(dir, 'Workplace');
    expect(() => lockDataDir(dir, 'Workplace')).toThrow(
      `Le dossier de données « ${dir} » est déjà utilisé par un autre serveur Workplace`,
    );
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, 'Workplace').release();
  });

  it('refuses while the holder lives, takes over once it is gone', async () => {
    const dir = folder();
    const holder = spawn('sleep', ['30']);
    await new Promise((r) => holder.once('spawn', r));
    writeLock(dir, { pid: holder.pid, start: null, host: 'x', since: new Date().toISOString() });
    expect(() => lockDataDir(dir, 'Workplace')).toThrow(`(processus ${holder.pid}`);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const lock = lockDataDir(dir, 'Workplace');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform === 'linux')('treats a reused pid (another start time) as stale', async () => {
    const dir = folder();
    const other = spawn('sleep', ['30']);
    await new Promise((r) => other.once('spawn', r));
    try {
      writeLock(dir, { pid: other.pid, start: '1', host: 'x', since: new Date().toISOString() });
      lockDataDir(dir, 'Workplace').release();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('treats a lock naming its own pid (a container restarted with the same pid) as stale', () => {
    const dir = folder();
    writeLock(dir, { pid: process.pid, start: null, host: 'x', since: '' });
    lockDataDir(dir, 'Workplace').release();
  });
});
