import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

// Xvfb and WebKitWebDriver for the WebKit lane (tests/webkit/global-setup.ts) and its bench
// (bench/webkit-offline.ts): a virtual display nobody uses, and the driver on a free loopback port.

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const XVFB = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** Resolves once `check` holds, polling it; rejects after `ms` or when `child` exits first. */
async function until(what: string, child: ChildProcess, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} s'est arrêté (${child.exitCode}).`);
    if (Date.now() > end) throw new Error(`${what} n'a pas démarré en ${ms / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts Xvfb on a free display and WebKitWebDriver on a free port; stop() closes the `sessions` left open and ends both. */
export async function startWebKitDriver(): Promise<{ url: string; stop: () => Promise<void>; sessions: Set<string> }> {
  // A display nobody uses (its lock file absent), big enough for the tablet's 820×1180 inside a window.
  let display = 90;
  while (existsSync(`/tmp/.X${display}-lock`) || existsSync(`/tmp/.X11-unix/X${display}`)) display++;
  const xvfb = spawn(XVFB, [`:${display}`, '-screen', '0', '1600x1400x24', '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  let driver: ChildProcess | undefined;
  let url = '';
  const sessions = new Set<string>();
  const stopAll = async () => {
    // The sessions the lane left open (one MiniBrowser for all its files) are closed as a test
    // would close them, so the browser ends its own processes before the driver goes.
    if (driver && driver.exitCode === null)
      for (const id of sessions)
        await fetch(`${url}/session/${id}`, { method: 'DELETE', signal: AbortSignal.timeout(10_000) }).catch(
          () => undefined,
        );
    await stop(driver);
    await stop(xvfb);
  };
  try {
    await until('Xvfb', xvfb, () => existsSync(`/tmp/.X11-unix/X${display}`));
    const port = await freePort();
    driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=local'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        DISPLAY: `:${display}`,
        // No GPU under Xvfb: Skia paints on the CPU directly instead of through a software OpenGL.
        WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1',
        // Nor layers composited on the CPU: the page is painted in one pass. The web process's CPU for
        // the lane 73 → 42 s, the lane's 110 → 77 s (decision 052); scripts, storage and the service
        // worker, what the lane tests, run the same.
        WEBKIT_DISABLE_COMPOSITING_MODE: '1',
      },
    });
    url = `http://127.0.0.1:${port}`;
    await until('WebKitWebDriver', driver, () =>
      fetch(`${url}/status`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    return { url, stop: stopAll, sessions };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
