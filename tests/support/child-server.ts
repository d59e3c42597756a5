import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { fileURLToPath } from 'node:url';

// The real server as a separate process, compiled as `npm start` runs it (plain `node`, decision
// 019), for what only a process shows: its exit code and messages, its data-folder lock, the
// moment its port opens.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Compiles the server (esbuild, a few seconds) unless dist/server/ already matches the sources. */
export function ensureCompiledServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export interface ChildServer {
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
}

interface SpawnOptions {
  script?: string;
  uid?: number;
  gid?: number;
  /** Another installation folder (default: this clone). */
  cwd?: string;
  nodeArgs?: string[];
}

/**
 * Starts `script` with only the given variables plus PATH/HOME. Default: the launcher of `npm start`
 * without its build step (call ensureCompiledServer() first); 'dist/server/index.js' is `npm run serve`.
 * A TypeScript `script` runs from source through tsx.
 */
export function spawnServer(env: Record<string, string>, opts: SpawnOptions = {}): ChildServer {
  const script = opts.script ?? 'scripts/start-local.mjs';
  const args = script.endsWith('.ts')
    ? ['--import', 'tsx', script]
    : script.endsWith('start-local.mjs')
      ? [script, '--no-build']
      : [script];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...args], {
    cwd: opts.cwd ?? ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      ...calendarNow(env),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    uid: opts.uid,
    gid: opts.gid,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { process: child, output: () => out, exited };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls every 20 ms until the port accepts a TCP connection (or the child exits). */
export async function waitForPort(port: number, child: ChildServer, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (exited) throw new Error(`le serveur s’est arrêté avant d’écouter :\n${child.output()}`);
    if (Date.now() > deadline) throw new Error(`port ${port} toujours fermé :\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The calendar lane (decision 076): a server started as a process begins at this process's instant.
 * Not in production, which refuses WORKPLACE_NOW (its tests do not depend on the day).
 */
function calendarNow(env: Record<string, string>): Record<string, string> {
  if (!process.env.WORKPLACE_NOW || env.NODE_ENV === 'production') return {};
  return { WORKPLACE_NOW: new Date().toISOString() };
}
