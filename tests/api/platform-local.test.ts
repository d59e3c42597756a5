import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPlatform, type LocalPlatform } from '../../server/src/local-platform/platform';
import { afnorClient, LOCAL_REFUSED, PlatformError } from '../../server/src/modules/platform/afnor-client';
import { MARTIN, invoicePayload } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 088 against the project's local platform (decision 087), started in this process: the
// bakery's settings and health check, a validated invoice sent as one flow, the platform down then
// back (still one flow), and the local platform recognised — and refused — outside the demo.

const ctx = useTestServer({
  signIn: ['demo', 'admin'],
  env: { SEED_DEMO: '1', PLATFORM_QUEUE_SECONDS: '3600', PLATFORM_POLL_SECONDS: '3600', PLATFORM_RETRY_SECONDS: '10' },
});
let lp: LocalPlatform;
let martin: number;
const MARTIN_SIREN = '512345679';
beforeAll(async () => {
  lp = await startLocalPlatform({ now: () => ctx.server.deps.now() });
  martin = ctx.company(MARTIN);
});
afterAll(() => lp?.close());

const asAdmin = () => ({ token: ctx.admin, company: martin });
const asDemo = () => ({ token: ctx.demo, company: martin });

async function validated(): Promise<number> {
  const draft = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), asDemo());
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const res = await ctx.server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, asDemo());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return draft.body.id;
}
const transmission = async (id: number) =>
  (await ctx.server.api.get(`/api/platform/transmissions/invoice/${id}`, asDemo())).body;
const flowsOf = (id: number) =>
  lp.control.flows().filter((f) => f.trackingId === `wp-invoice-${martin}-${id}` && f.flowDirection === 'Out');

describe('the local platform as the bakery’s platform', () => {
  it('is saved with the bakery’s account and answers its health check', async () => {
    const account = lp.credentials(MARTIN_SIREN)!;
    const put = await ctx.server.api.put(
      '/api/platform/settings',
      {
        baseUrl: `${lp.url}/flow-service`,
        authKind: 'oauth2',
        tokenUrl: `${lp.url}/auth/token`,
        clientId: account.clientId,
        clientSecret: account.clientSecret,
      },
      asAdmin(),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ configured: true, clientSecretSaved: true, webhookSubscribed: true });
    const test = await ctx.server.api.post('/api/platform/settings/test', {}, asAdmin());
    expect(test.body, JSON.stringify(test.body)).toMatchObject({ ok: true });
  });

  it('receives a validated invoice as one flow, with its trackingId and SHA-256', async () => {
    const id = await validated();
    await ctx.server.platform.runOnce();
    const t = await transmission(id);
    expect(t).toMatchObject({ state: 'sent', label: 'Transmise' });
    const flows = flowsOf(id);
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ flowId: t.flowId, flowSyntax: 'Factur-X' });
  });

  it('down (503), the invoice waits « En attente de transmission »; back, it is sent once', async () => {
    lp.control.down('503');
    const id = await validated();
    await ctx.server.platform.runOnce();
    const waiting = await transmission(id);
    expect(waiting).toMatchObject({ state: 'pending', label: 'En attente de transmission', attempts: 1 });
    lp.control.up();
    ctx.server.setNow(new Date(Date.parse(waiting.nextAttemptAt) + 1000));
    try {
      await ctx.server.platform.runOnce();
    } finally {
      ctx.server.setNow(null);
    }
    expect(await transmission(id)).toMatchObject({ state: 'sent' });
    expect(flowsOf(id)).toHaveLength(1);
  });

  it('gone (connections closed), the invoice waits with a French message, nothing lost', async () => {
    lp.control.down('close');
    const id = await validated();
    await ctx.server.platform.runOnce();
    lp.control.up();
    const waiting = await transmission(id);
    expect(waiting.state).toBe('pending');
    expect(waiting.message).toMatch(/^La plateforme est injoignable pour le moment/);
    expect(flowsOf(id)).toHaveLength(0);
  });

  it('is recognised by its answers and refused outside the demo, whatever its address', async () => {
    const account = lp.credentials(MARTIN_SIREN)!;
    const access = {
      baseUrl: `${lp.url}/flow-service`,
      auth: { kind: 'oauth2' as const, tokenUrl: `${lp.url}/auth/token`, ...account },
    };
    const now = () => ctx.server.deps.now();
    expect(await afnorClient(access, now).isLocalPlatform()).toBe(true);
    await expect(afnorClient(access, now).healthcheck()).resolves.toBeUndefined();
    const refused = await afnorClient({ ...access, refuseLocal: true }, now)
      .healthcheck()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformError);
    expect(refused).toMatchObject({ message: LOCAL_REFUSED, retryable: false });
  });
});
