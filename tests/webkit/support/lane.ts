import { afterAll, beforeAll } from 'vitest';
import type { TestServer } from '../../support/test-server';
import type { Relay } from './unreachable';
import { injectSession, openLane, type Size, type WebKit } from './webkit';

/** A WebKit test file's lane: the run's server and MiniBrowser, and this file's relay in front of the server. */
export interface Lane {
  readonly server: TestServer;
  /** The address the page visits: it can make the server unreachable (unreachable.ts). */
  readonly relay: Relay;
  readonly page: WebKit;
  /** demo's API token (when `signIn` asked for it). */
  readonly token: string;
}

/**
 * The WebKit files' shared setup, as useTestServer() is the API files': opens the lane at `size`
 * before the file's tests (beforeAll), signs demo in through the API when `signIn`, writes its session
 * into the page when `session` (else the test signs in or injects it itself), and closes the file's
 * relay after its tests (the server and the browser are the lane's, kept for the next file). Read
 * its fields inside tests and hooks, not at load.
 */
export function useLane(size: Size, opts: { signIn?: boolean; session?: boolean } = {}): Lane {
  const lane = {} as { -readonly [K in keyof Lane]: Lane[K] };
  beforeAll(async () => {
    Object.assign(lane, await openLane(size));
    if (opts.signIn) lane.token = (await lane.server.api.login('demo')).token;
    if (opts.session) await injectSession(lane.page, lane.relay.url, lane.server);
  });
  afterAll(async () => {
    await lane.relay?.close();
  });
  return lane;
}
