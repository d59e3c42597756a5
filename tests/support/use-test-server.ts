import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

type DemoUser = 'demo' | 'admin';

export interface ServerFixture {
  /** The file's server (a copy of the seeded snapshot): read it inside tests and hooks, not at load. */
  readonly server: TestServer;
  /** The demo client's token (`demo`, member of 10 companies); signed in before the tests. */
  readonly demo: string;
  /** The firm administrator's token (`admin`); signed in when `signIn` names it. */
  readonly admin: string;
  /** The id of a seeded company, by its label. */
  company(label: string): number;
}

/**
 * The API test files' shared setup: starts the server before the file's tests (beforeAll), signs in
 * the demo users asked for (default: demo only, so sign-in counts and sessions stay what a test
 * expects), and closes it after (afterAll). Options are startTestServer's.
 */
export function useTestServer(opts: TestServerOptions & { signIn?: DemoUser[] } = {}): ServerFixture {
  const { signIn = ['demo'], ...serverOpts } = opts;
  let server: TestServer | undefined;
  const tokens: Partial<Record<DemoUser, string>> = {};
  beforeAll(async () => {
    server = await startTestServer(serverOpts);
    for (const user of signIn) tokens[user] = (await server.api.login(user)).token;
  });
  afterAll(() => server?.close());
  const ready = () => server ?? fail('le serveur de test n’est pas démarré (lisez-le dans un test ou un hook)');
  const token = (user: DemoUser) => tokens[user] ?? fail(`${user} n’est pas connecté : ajoutez-le à signIn`);
  return {
    get server() {
      return ready();
    },
    get demo() {
      return token('demo');
    },
    get admin() {
      return token('admin');
    },
    company(label) {
      const found = ready().seed?.companies.find((c) => c.label === label);
      return found?.id ?? fail(`société de démonstration inconnue : ${label}`);
    },
  };
}

function fail(message: string): never {
  throw new Error(message);
}
