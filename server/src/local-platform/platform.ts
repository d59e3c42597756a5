import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context, type Next } from 'hono';
import { isLifecycleCode, LIFECYCLE } from '../../../src/einvoice/lifecycle-codes';
import { systemClock, type Clock } from '../clock/clock';
import { DEFAULT_LOCAL_PA_SECRET, demoDirectory } from './directory-data';
import { directoryRoutes } from './directory-service';
import { apiError, flowMetadata } from './flow-shapes';
import { flowRoutes, type FlowEnv } from './flow-service';
import { noTweaks, Processor } from './processing';
import { PlatformStore } from './store';
import type { DirectoryEntry, PlatformControl } from './types';

// The local approved platform (decision 087): one HTTP server on 127.0.0.1 with the AFNOR Flow
// Service under /flow-service, the Directory Service under /directory-service, an OAuth2 client
// credentials token endpoint under /auth/token, and test controls under /_control. Every answer
// carries `X-Local-Platform: 1`: how the portal's server recognises it (and refuses it without SEED_DEMO).

export const LOCAL_PLATFORM_HEADER = 'x-local-platform';
/** Access tokens live an hour, as a real platform's usually do. */
export const TOKEN_LIFETIME_S = 3600;

export interface LocalPlatformOptions {
  port?: number;
  /** Folder of the flows' journal (kept across restarts); null or absent: memory only. */
  dataDir?: string | null;
  /** The directory and its accounts; the demo's by default. */
  directory?: DirectoryEntry[];
  /** The demo accounts' client secret (LOCAL_PA_SECRET). */
  secret?: string;
  now?: Clock;
}

export interface LocalPlatform {
  url: string;
  close(): Promise<void>;
  control: PlatformControl;
  /** The accounts' credentials, by SIREN (for tests and the demo's set-up). */
  credentials(siren: string): { clientId: string; clientSecret: string } | undefined;
}

interface Faults {
  latencyMs: number;
  down: null | '503' | 'close';
  fail5xx: number;
}

const sameSecret = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

function tokenRoute(
  app: Hono,
  entries: () => DirectoryEntry[],
  tokens: Map<string, { client: string; until: number }>,
  now: Clock,
): void {
  app.post('/auth/token', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    let [id, secret] = [String(form.client_id ?? ''), String(form.client_secret ?? '')];
    const basic = /^Basic (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (basic) [id, secret] = Buffer.from(basic, 'base64').toString().split(':') as [string, string];
    if (form.grant_type !== 'client_credentials')
      return c.json(
        { error: 'unsupported_grant_type', error_description: 'Seul grant_type=client_credentials est accepté.' },
        400,
      );
    const account = entries().find((e) => e.account?.clientId === id)?.account;
    if (!account || !secret || !sameSecret(account.clientSecret, secret))
      return c.json({ error: 'invalid_client', error_description: 'Identifiant ou secret client inconnu.' }, 401);
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { client: id, until: now().getTime() + TOKEN_LIFETIME_S * 1000 });
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S });
  });
}

/** What a control call may carry (POST /_control/<name>, JSON). */
interface ControlBody {
  count?: number;
  rules?: string[];
  reasonCode?: string;
  reason?: string;
  ms?: number;
  mode?: string;
  flowId?: string;
  code?: string;
}

function controlRoutes(control: PlatformControl): Hono {
  const app = new Hono();
  const body = async (c: { req: { json(): Promise<unknown> } }) =>
    ((await c.req.json().catch(() => ({}))) ?? {}) as ControlBody;
  const ok = { ok: true };
  app.post('/reject', async (c) => {
    const b = await body(c);
    control.reject(b.count, b.rules);
    return c.json(ok);
  });
  app.post('/refuse-as-buyer', async (c) => {
    const b = await body(c);
    control.refuseAsBuyer(b.count, b.reasonCode, b.reason);
    return c.json(ok);
  });
  app.post('/latency', async (c) => (control.latency(Number((await body(c)).ms ?? 0)), c.json(ok)));
  app.post('/down', async (c) => (control.down((await body(c)).mode === 'close' ? 'close' : '503'), c.json(ok)));
  app.post('/up', (c) => (control.up(), c.json(ok)));
  app.post('/fail5xx', async (c) => (control.fail5xx((await body(c)).count ?? 1), c.json(ok)));
  app.post('/status-for', async (c) => {
    const b = await body(c);
    try {
      return c.json(flowMetadata(await control.statusFor(String(b.flowId), String(b.code), b.reason, b.reasonCode)));
    } catch (error) {
      return c.json(apiError('MISSING_RESOURCE', (error as Error).message), 404);
    }
  });
  app.post('/reset', (c) => (control.reset(), c.json(ok)));
  app.get('/flows', (c) =>
    c.json(
      control
        .flows(c.req.query('owner'))
        .map((f) => ({ ...flowMetadata(f), owner: f.owner, invoice: f.invoice, status: f.status })),
    ),
  );
  app.get('/webhook-calls', (c) => c.json(control.webhookCalls()));
  app.post('/idle', async (c) => (await control.idle(), c.json(ok)));
  return app;
}

function makeControl(store: PlatformStore, processor: Processor, faults: Faults): PlatformControl {
  return {
    reject: (count = 1, rules = []) => Object.assign(processor.tweaks, { rejectNext: count, rejectRules: rules }),
    refuseAsBuyer: (count = 1, reasonCode = 'AUTRE', reason = '') =>
      Object.assign(processor.tweaks, { refuseNext: count, refuseReasonCode: reasonCode, refuseReason: reason }),
    latency: (ms) => void (faults.latencyMs = Math.max(0, ms)),
    down: (mode = '503') => void (faults.down = mode),
    up: () => void (faults.down = null),
    fail5xx: (count = 1) => void (faults.fail5xx = count),
    statusFor: async (flowId, code, reason, reasonCode) => {
      const flow = store.flows.get(flowId);
      if (!flow) throw new Error(`Aucun flux ${flowId} sur la plateforme locale.`);
      if (!isLifecycleCode(code)) throw new Error(`Code de statut inconnu : ${code}.`);
      const invoice =
        flow.sourceFlowId && flow.flowType === 'SupplierInvoice' ? store.flows.get(flow.sourceFlowId)! : flow;
      // A status the buyer sets (Refusée, Approuvée…) or the platforms; « Encaissée » is the seller's own.
      const setBy = LIFECYCLE[code].setBy;
      const by = setBy.includes('buyer') ? 'buyer' : setBy.includes('seller') ? 'seller' : 'platform';
      return processor.emitStatus(invoice.owner, invoice, code, by, {
        ...(reason ? { reason } : {}),
        ...(reasonCode ? { reasonCode } : {}),
      });
    },
    reset: () => {
      store.reset();
      Object.assign(processor.tweaks, noTweaks());
      Object.assign(faults, { latencyMs: 0, down: null, fail5xx: 0 });
      processor.calls.length = 0;
    },
    flows: (owner) => [...store.flows.values()].filter((f) => !owner || f.owner === owner),
    webhookCalls: () => [...processor.calls],
    idle: () => processor.idle(),
  };
}

function buildApp(
  entries: () => DirectoryEntry[],
  store: PlatformStore,
  processor: Processor,
  faults: Faults,
  control: PlatformControl,
  now: Clock,
): Hono {
  const tokens = new Map<string, { client: string; until: number }>();
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set(LOCAL_PLATFORM_HEADER, '1');
  });
  app.route('/_control', controlRoutes(control));
  // The faults a test asks for apply to everything but the controls.
  app.use('*', async (c, next) => {
    if (faults.latencyMs) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.down) return c.json(apiError('RESOURCE_ERROR', 'La plateforme est indisponible.'), 503);
    if (faults.fail5xx > 0) {
      faults.fail5xx -= 1;
      return c.json(apiError('INTERNAL_ERROR', 'Erreur interne de la plateforme (demandée par le test).'), 500);
    }
    await next();
  });
  tokenRoute(app, entries, tokens, now);
  const auth = async (c: Context<FlowEnv>, next: Next) => {
    const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const held = token ? tokens.get(token) : undefined;
    if (!held || held.until <= now().getTime())
      return c.json(
        apiError(token ? 'INVALID_TOKEN' : 'MISSING_TOKEN', 'Jeton d’accès absent, inconnu ou expiré.'),
        401,
      );
    c.set('client', held.client);
    await next();
  };
  const flows = new Hono<FlowEnv>();
  flows.use('*', auth);
  flows.route('/', flowRoutes(store, processor, now));
  const directory = new Hono<FlowEnv>();
  directory.use('*', auth);
  directory.route('/', directoryRoutes(entries));
  app.route('/flow-service', flows);
  app.route('/directory-service', directory);
  app.get('/', (c) =>
    c.json({
      name: 'Plateforme agréée locale (démonstration)',
      flowService: '/flow-service',
      directoryService: '/directory-service',
      tokenUrl: '/auth/token',
    }),
  );
  app.notFound((c) => c.json(apiError('MISSING_RESOURCE', 'Aucune ressource à cette adresse.'), 404));
  app.onError((error, c) => {
    console.error('Plateforme locale : erreur inattendue.', error);
    return c.json(apiError('INTERNAL_ERROR', 'Erreur interne de la plateforme.'), 500);
  });
  return app;
}

/** Starts the local platform on 127.0.0.1 (a free port unless `port` is given). */
export async function startLocalPlatform(options: LocalPlatformOptions = {}): Promise<LocalPlatform> {
  const now = options.now ?? systemClock;
  const secret = options.secret ?? DEFAULT_LOCAL_PA_SECRET;
  const list = options.directory ?? demoDirectory(secret);
  const entries = () => list;
  const store = new PlatformStore(options.dataDir ?? null);
  const processor = new Processor(store, entries, now);
  const faults: Faults = { latencyMs: 0, down: null, fail5xx: 0 };
  const control = makeControl(store, processor, faults);
  const listener = getRequestListener(buildApp(entries, store, processor, faults, control, now).fetch);
  const server: Server = createServer((req, res) => {
    // « Gone » as a crashed platform is: the connection closes without an answer.
    if (faults.down === 'close' && !req.url?.startsWith('/_control')) return void req.socket.destroy();
    void listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // Flows a stop cut off before their processing: processed now.
  for (const flow of store.ordered())
    if (flow.flowDirection === 'Out' && flow.acknowledgement.status === 'Pending')
      processor.track(processor.process(flow));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    control,
    credentials: (siren) => list.find((e) => e.siren === siren)?.account,
    close: async () => {
      await processor.idle().catch(() => undefined);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
