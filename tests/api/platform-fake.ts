import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { DEFAULT_LOCAL_PA_SECRET } from '../../server/src/local-platform/directory-data';
import { signPayload } from '../../server/src/modules/platform/signature';

// A tiny Flow Service for the platform's tests (decision 088): it counts every submission, dedupes
// nothing (a flow sent twice shows as two), and can be made to go down, answer 5xx or refuse (4xx).

export interface FakeFlow {
  flowId: string;
  trackingId?: string;
  name: string;
  flowSyntax: string;
  flowProfile?: string;
  flowType: string;
  flowDirection: 'In' | 'Out';
  sha256: string;
  submittedAt: string;
  updatedAt: string;
  bytes: Uint8Array;
  acknowledgement: { status: 'Pending' | 'Ok' | 'Error' };
  processingRule: string;
  processingRuleSource: string;
}

export interface FakePlatform {
  url: string;
  /** The Flow Service base URL (…/flow-service). */
  flowUrl: string;
  tokenUrl: string;
  flows: FakeFlow[];
  webhooks: Array<{ webhookId: string; callbackUrl: string; signingKey: string }>;
  tokensIssued: number;
  /** 'up' | '503' (answers 503) | 'refuse' (422 on submissions) */
  mode: 'up' | '503' | 'refuse';
  /** Called when a submission arrives, before its answer (a test kills the portal there). */
  onSubmit?: () => void | Promise<void>;
  addIncoming(bytes: Uint8Array, name: string, flowType?: string, syntax?: string): FakeFlow;
  /** Calls the portal's webhook for a flow, signed (or with a wrong signature). */
  notify(flow: FakeFlow, opts?: { wrongSignature?: boolean }): Promise<Response>;
  close(): Promise<void>;
}

const meta = ({ bytes: _b, ...f }: FakeFlow) => f;

export async function startFakePlatform(clock: () => Date = () => new Date()): Promise<FakePlatform> {
  const app = new Hono();
  const state: FakePlatform = {
    url: '',
    flowUrl: '',
    tokenUrl: '',
    flows: [],
    webhooks: [],
    tokensIssued: 0,
    mode: 'up',
    addIncoming(bytes, name, flowType = 'SupplierInvoice', syntax = 'Factur-X') {
      const at = clock().toISOString();
      const flow: FakeFlow = {
        flowId: randomUUID(),
        name,
        flowSyntax: syntax,
        flowProfile: 'CIUS',
        flowType,
        flowDirection: 'In',
        sha256: createHash('sha256').update(bytes).digest('hex'),
        submittedAt: at,
        updatedAt: at,
        bytes,
        acknowledgement: { status: 'Ok' },
        processingRule: 'B2B',
        processingRuleSource: 'Computed',
      };
      state.flows.push(flow);
      return flow;
    },
    async notify(flow, opts = {}) {
      const hook = state.webhooks.at(-1);
      if (!hook) throw new Error('aucun webhook');
      const body = JSON.stringify(meta(flow));
      const ts = Math.floor(clock().getTime() / 1000);
      const signature = opts.wrongSignature
        ? signPayload(randomBytes(32).toString('base64'), body, ts)
        : signPayload(hook.signingKey, body, ts);
      return fetch(hook.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'afnor-signature': signature,
          'afnor-signature-timestamp': String(ts),
        },
        body,
      });
    },
    close: async () => undefined,
  };
  app.post('/auth/token', async (c) => {
    const form = await c.req.parseBody();
    if (form.client_secret !== 'secret' && form.client_secret !== DEFAULT_LOCAL_PA_SECRET)
      return c.json({ error: 'invalid_client' }, 401);
    state.tokensIssued++;
    return c.json({ access_token: `t-${state.tokensIssued}`, token_type: 'Bearer', expires_in: 3600 });
  });
  const fs = new Hono();
  fs.use('*', async (c, next) => {
    if (state.mode === '503') return c.json({ errorCode: 'UNAVAILABLE' }, 503);
    if (!(c.req.header('authorization') ?? '').startsWith('Bearer t-'))
      return c.json({ errorCode: 'UNAUTHORIZED', errorMessage: 'Jeton invalide' }, 401);
    await next();
  });
  fs.get('/v1/healthcheck', (c) => c.json({ status: 'ok' }));
  fs.post('/v1/flows', async (c) => {
    const form = await c.req.parseBody();
    const info = JSON.parse(form.flowInfo instanceof File ? await form.flowInfo.text() : String(form.flowInfo));
    const file = form.file as File;
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (state.mode === 'refuse')
      return c.json(
        { errorCode: 'INVALID_FLOW', errorMessage: 'BR-FR-12 : adresse électronique de l’acheteur absente' },
        422,
      );
    const at = clock().toISOString();
    const flow: FakeFlow = {
      flowId: randomUUID(),
      trackingId: info.trackingId,
      name: info.name,
      flowSyntax: info.flowSyntax,
      flowProfile: info.flowProfile,
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      submittedAt: at,
      updatedAt: at,
      bytes,
      acknowledgement: { status: 'Pending' },
      processingRule: 'B2B',
      processingRuleSource: 'Computed',
    };
    state.flows.push(flow);
    // The platform took it; the sender may die before it hears so.
    await state.onSubmit?.();
    const { bytes: _b, ...full } = flow;
    return c.json(full, 202);
  });
  fs.post('/v1/flows/search', async (c) => {
    const { where } = (await c.req.json()) as { where: Record<string, unknown> };
    const results = state.flows.filter(
      (f) =>
        (!where.trackingId || f.trackingId === where.trackingId) &&
        (!Array.isArray(where.flowDirection) || where.flowDirection.includes(f.flowDirection)) &&
        (!where.updatedAfter || f.updatedAt > String(where.updatedAfter)),
    );
    return c.json({ results: results.map(meta) });
  });
  fs.get('/v1/flows/:id', (c) => {
    const flow = state.flows.find((f) => f.flowId === c.req.param('id'));
    if (!flow) return c.json({ errorCode: 'NOT_FOUND' }, 404);
    if (c.req.query('docType') === 'Original')
      return c.body(new Uint8Array(flow.bytes), 200, { 'content-type': 'application/octet-stream' });
    return c.json(meta(flow));
  });
  fs.post('/v1/webhooks', async (c) => {
    const body = (await c.req.json()) as { callbackUrl: string };
    const hook = {
      webhookId: randomUUID(),
      callbackUrl: body.callbackUrl,
      signingKey: randomBytes(32).toString('base64'),
    };
    state.webhooks.push(hook);
    return c.json({ webhookId: hook.webhookId, signingKey: hook.signingKey }, 201);
  });
  fs.delete('/v1/webhooks/:id', (c) => {
    state.webhooks = state.webhooks.filter((w) => w.webhookId !== c.req.param('id'));
    return c.body(null, 204);
  });
  app.route('/flow-service', fs);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${port}`;
  state.flowUrl = `${state.url}/flow-service`;
  state.tokenUrl = `${state.url}/auth/token`;
  state.close = () =>
    new Promise<void>((resolve) => {
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      server.close(() => resolve());
    });
  return state;
}
