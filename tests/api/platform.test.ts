import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformInbound, platformOutbox, platformStrays } from '../../server/src/db/schema/index';
import { readConfig } from '../../server/src/env';
import { forgetTokens } from '../../server/src/modules/platform/afnor-client';
import { LOCAL_REFUSED, settingsProblems } from '../../server/src/modules/platform/service';
import { GARAGE, MARTIN, STARTER, invoicePayload } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';
import { startFakePlatform, type FakePlatform } from './platform-fake';

// Decision 088: the company's approved platform — its settings and health check, who may set them,
// the durable outgoing queue (one flow per invoice, retried while the platform is down, a 4xx's
// message in French), the webhook's signature and the incoming invoices landing in « Factures reçues ».
// The worker's timers are set far apart: each test runs its turns itself (server.platform.runOnce).

const ctx = useTestServer({
  signIn: ['demo', 'admin'],
  env: { SEED_DEMO: '1', PLATFORM_QUEUE_SECONDS: '3600', PLATFORM_POLL_SECONDS: '3600', PLATFORM_RETRY_SECONDS: '10' },
});
let fake: FakePlatform;
let martin: number;
let garage: number;
let starter: number;
beforeAll(async () => {
  fake = await startFakePlatform(() => ctx.server.deps.now());
  martin = ctx.company(MARTIN);
  garage = ctx.company(GARAGE);
  starter = ctx.company(STARTER);
});
afterAll(() => fake?.close());

const SETTINGS = '/api/platform/settings';
const asAdmin = (company: number) => ({ token: ctx.admin, company });
const asDemo = (company: number) => ({ token: ctx.demo, company });
const oauth = (over: Record<string, unknown> = {}) => ({
  baseUrl: fake.flowUrl,
  authKind: 'oauth2',
  tokenUrl: fake.tokenUrl,
  clientId: 'pa-test',
  clientSecret: 'secret',
  ...over,
});

async function validated(company: number): Promise<number> {
  const draft = await ctx.server.api.post('/api/invoices', invoicePayload(ctx.server), asDemo(company));
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const res = await ctx.server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, asDemo(company));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return draft.body.id;
}
const transmission = async (company: number, id: number) => {
  const res = await ctx.server.api.get(`/api/platform/transmissions/invoice/${id}`, asDemo(company));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const flowsOf = (id: number) => fake.flows.filter((f) => f.trackingId === `wp-invoice-${martin}-${id}`);

describe('the company’s platform settings (PA-1, PA-2)', () => {
  it('are empty at first, with PA_URL proposed', async () => {
    const res = await ctx.server.api.get(SETTINGS, asAdmin(martin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: false, baseUrl: null, clientSecretSaved: false });
  });

  it('are saved by the firm, the secret kept on the server (« enregistré »), the webhook subscribed', async () => {
    const res = await ctx.server.api.put(SETTINGS, oauth(), asAdmin(martin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      configured: true,
      baseUrl: fake.flowUrl,
      clientId: 'pa-test',
      clientSecretSaved: true,
    });
    expect(JSON.stringify(res.body)).not.toContain('secret"');
    expect(res.body.webhookSubscribed).toBe(true);
    expect(fake.webhooks.at(-1)!.callbackUrl).toMatch(
      new RegExp(`^${ctx.server.url.replace('127.0.0.1', '(127.0.0.1|localhost)')}/api/platform/webhook/`),
    );
    // Saved again without the secret: the secret stays.
    const again = await ctx.server.api.put(SETTINGS, oauth({ clientSecret: '' }), asAdmin(martin));
    expect(again.body.clientSecretSaved).toBe(true);
  });

  it('« Tester la connexion » gets a token and calls the health check; wrong credentials say so in French', async () => {
    forgetTokens();
    const ok = await ctx.server.api.post(`${SETTINGS}/test`, {}, asAdmin(martin));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ ok: true, message: expect.stringContaining('la plateforme répond') });
    await ctx.server.api.put(SETTINGS, oauth({ clientSecret: 'faux' }), asAdmin(martin));
    forgetTokens();
    const bad = await ctx.server.api.post(`${SETTINGS}/test`, {}, asAdmin(martin));
    expect(bad.body.ok).toBe(false);
    expect(bad.body.message).toMatch(/refuse nos identifiants/);
    await ctx.server.api.put(SETTINGS, oauth(), asAdmin(martin));
  });

  it('refuses incomplete credentials with a French message (422)', async () => {
    const res = await ctx.server.api.put(SETTINGS, { baseUrl: fake.flowUrl, authKind: 'bearer' }, asAdmin(garage));
    expect(res.status).toBe(422);
    expect(res.body.errors).toContain('Indiquez le jeton d’accès (bearer).');
  });

  it('refuse the local stand-in unless the demo is on (SEED_DEMO)', () => {
    const production = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portail.example', SEED_DEMO: '0' });
    const body = { baseUrl: 'http://127.0.0.1:4010/flow-service', authKind: 'bearer', bearerToken: 'x' } as const;
    expect(settingsProblems(body, null, production)).toEqual([LOCAL_REFUSED]);
    const demo = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portail.example', SEED_DEMO: '1' });
    expect(settingsProblems(body, null, demo)).toEqual([]);
    expect(settingsProblems({ ...body, baseUrl: 'https://pa.example.fr/flow-service' }, null, production)).toEqual([]);
  });

  it('are the firm’s and the company’s user administrator’s only: a member without that right, or another company’s manager, gets 403', async () => {
    // demo is a member of the bakery without « gestion des utilisateurs ».
    for (const res of [
      await ctx.server.api.get(SETTINGS, asDemo(martin)),
      await ctx.server.api.put(SETTINGS, oauth(), asDemo(martin)),
      await ctx.server.api.post(`${SETTINGS}/test`, {}, asDemo(martin)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/cabinet et l’administrateur des utilisateurs/);
    }
    // admin manages the garage, not the joinery: its settings stay closed to him.
    expect((await ctx.server.api.get(SETTINGS, asAdmin(starter))).status).toBe(403);
    expect((await ctx.server.api.put(SETTINGS, oauth(), asAdmin(starter))).status).toBe(403);
  });

  it('the banner’s summary names the platform for every member', async () => {
    const res = await ctx.server.api.get('/api/platform/summary', asDemo(martin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ configured: true, name: new URL(fake.flowUrl).host, local: true, canManage: false });
    const none = await ctx.server.api.get('/api/platform/summary', asDemo(starter));
    expect(none.body).toMatchObject({ configured: false, name: null });
  });
});

describe('sending: the durable queue (PA-3)', () => {
  it('a validated invoice is one flow on the platform (trackingId, SHA-256), « En attente » then « Transmise »', async () => {
    const id = await validated(martin);
    expect(await transmission(martin, id)).toMatchObject({ state: 'pending', label: 'En attente de transmission' });
    await ctx.server.platform.runOnce();
    const t = await transmission(martin, id);
    expect(t).toMatchObject({ state: 'sent', label: 'Transmise', message: null });
    const flows = flowsOf(id);
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ flowSyntax: 'Factur-X', flowId: t.flowId });
    const [row] = await ctx.server.deps.db.select().from(platformOutbox).where(eq(platformOutbox.sourceId, id));
    expect(flows[0]!.sha256).toBe(row!.sha256);
    await ctx.server.platform.runOnce();
    expect(flowsOf(id)).toHaveLength(1);
  });

  it('platform down (5xx): queued, retried with backoff, then sent once', async () => {
    fake.mode = '503';
    const id = await validated(martin);
    await ctx.server.platform.runOnce();
    const waiting = await transmission(martin, id);
    expect(waiting).toMatchObject({ state: 'pending', label: 'En attente de transmission', attempts: 1 });
    expect(waiting.message).toMatch(/momentanément indisponible \(erreur 503\)/);
    // Not retried before its time…
    await ctx.server.platform.runOnce();
    expect((await transmission(martin, id)).attempts).toBe(1);
    // …but after it, once the platform is back.
    fake.mode = 'up';
    ctx.server.setNow(new Date(Date.parse(waiting.nextAttemptAt) + 1000));
    try {
      await ctx.server.platform.runOnce();
    } finally {
      ctx.server.setNow(null);
    }
    expect(await transmission(martin, id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(flowsOf(id)).toHaveLength(1);
  });

  it('platform unreachable (connection refused): queued with a French message', async () => {
    await ctx.server.api.put(
      SETTINGS,
      oauth({ baseUrl: 'http://127.0.0.1:9/flow-service', tokenUrl: 'http://127.0.0.1:9/token' }),
      asAdmin(martin),
    );
    const id = await validated(martin);
    await ctx.server.platform.runOnce();
    expect((await transmission(martin, id)).message).toMatch(/injoignable/);
    await ctx.server.api.put(SETTINGS, oauth(), asAdmin(martin));
    await ctx.server.platform.runOnce();
    expect(await transmission(martin, id)).toMatchObject({ state: 'sent' });
    expect(flowsOf(id)).toHaveLength(1);
  });

  it('a 4xx is not retried: its message is shown in French', async () => {
    fake.mode = 'refuse';
    const id = await validated(martin);
    await ctx.server.platform.runOnce();
    fake.mode = 'up';
    const t = await transmission(martin, id);
    expect(t).toMatchObject({ state: 'refused', label: 'Refusée par la plateforme' });
    expect(t.message).toBe(
      'La plateforme a refusé le fichier (INVALID_FLOW) : BR-FR-12 : adresse électronique de l’acheteur absente',
    );
    await ctx.server.platform.runOnce();
    expect(flowsOf(id)).toHaveLength(0);
  });

  it('after a crash between the submission and its commit, the flow is found by its trackingId, not sent again', async () => {
    const id = await validated(martin);
    // Plays the crash: the submission reached the platform, the row still says « submitting ».
    const [row] = await ctx.server.deps.db.select().from(platformOutbox).where(eq(platformOutbox.sourceId, id));
    fake.flows.push({
      flowId: 'deja-recu',
      trackingId: row!.trackingId,
      name: row!.fileName,
      flowSyntax: 'Factur-X',
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
      sha256: row!.sha256,
      submittedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      bytes: row!.bytes,
      acknowledgement: { status: 'Ok' },
      processingRule: 'B2B',
      processingRuleSource: 'Computed',
    });
    await ctx.server.deps.db
      .update(platformOutbox)
      .set({ submittingSince: new Date() })
      .where(eq(platformOutbox.id, row!.id));
    await ctx.server.platform.runOnce();
    expect(await transmission(martin, id)).toMatchObject({ state: 'sent', flowId: 'deja-recu' });
    expect(flowsOf(id)).toHaveLength(1);
  });

  it('the platform’s later verdict « Error » (webhook) turns « Transmise » into its refusal, with the rules', async () => {
    const id = await validated(martin);
    await ctx.server.platform.runOnce();
    const [flow] = flowsOf(id);
    const res = await fake.notify({
      ...flow!,
      acknowledgement: {
        status: 'Error',
        details: [
          { level: 'Error', item: 'BT-49', reasonCode: 'BR-FR-12', reasonMessage: 'adresse électronique absente' },
        ],
      },
    } as never);
    expect(res.status).toBe(200);
    const t = await transmission(martin, id);
    expect(t).toMatchObject({ state: 'refused', label: 'Refusée par la plateforme' });
    expect(t.message).toBe('Rejetée par la plateforme : BR-FR-12 : adresse électronique absente');
  });

  it('an invoice validated before any platform is set waits, and says why', async () => {
    const id = await validated(starter);
    const t = await transmission(starter, id);
    expect(t).toMatchObject({ state: 'pending', label: 'En attente de transmission' });
    expect(t.message).toMatch(/Aucune plateforme agréée n’est enregistrée/);
  });
});

describe('receiving: webhook and polling (PA-4)', () => {
  let invoiceBytes: Uint8Array;
  beforeAll(async () => {
    const put = await ctx.server.api.put(SETTINGS, oauth({ clientId: 'pa-garage' }), asAdmin(garage));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // A real Factur-X of the portal: the bakery's invoice, delivered to the garage.
    const id = await validated(martin);
    const [row] = await ctx.server.deps.db.select().from(platformOutbox).where(eq(platformOutbox.sourceId, id));
    invoiceBytes = row!.bytes;
  });
  const received = async () =>
    (await ctx.server.api.get('/api/received-invoices', asDemo(garage))).body.items as Array<{ supplierName: string }>;
  const inbound = () => ctx.server.deps.db.select().from(platformInbound).where(eq(platformInbound.companyId, garage));

  it('a call with a wrong signature gets 401 and changes nothing', async () => {
    const before = (await received()).length;
    const flow = fake.addIncoming(invoiceBytes, 'facture-martin.pdf');
    const res = await fake.notify(flow, { wrongSignature: true });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/Signature de la plateforme absente ou fausse/);
    expect(await received()).toHaveLength(before);
    expect(await inbound()).toHaveLength(0);
    fake.flows.splice(fake.flows.indexOf(flow), 1);
  });

  it('an incoming invoice lands in « Factures reçues » by itself and notifies its readers; brought twice, it is kept once', async () => {
    const before = (await received()).length;
    const flow = fake.addIncoming(invoiceBytes, 'facture-martin.pdf');
    const res = await fake.notify(flow);
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await received();
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.supplierName).toBe(MARTIN);
    const bell = await ctx.server.api.get('/api/notifications?page=1&pageSize=5', asDemo(garage));
    expect(JSON.stringify(bell.body)).toContain('Facture reçue par la plateforme');
    // The polling brings the same flow again: nothing more.
    await ctx.server.platform.pollOnce();
    expect(await received()).toHaveLength(before + 1);
    expect((await inbound()).map((r) => r.outcome)).toEqual(['received']);
  });

  it('the polling alone brings an incoming flow (no webhook call)', async () => {
    const before = (await inbound()).length;
    // Another copy of the invoice under a new file: a duplicate for « Factures reçues », handled once.
    fake.addIncoming(invoiceBytes, 'copie.pdf');
    await ctx.server.platform.pollOnce();
    const rows = await inbound();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.outcome).toBe('duplicate');
  });

  it('a status for an unknown flow is logged and kept aside', async () => {
    const flow = {
      ...fake.addIncoming(new Uint8Array([1]), 'ack.json'),
      flowDirection: 'Out' as const,
      flowType: 'CustomerInvoice',
    };
    const res = await fake.notify(flow);
    expect(res.status).toBe(200);
    const strays = await ctx.server.deps.db
      .select()
      .from(platformStrays)
      .where(and(eq(platformStrays.companyId, garage)));
    expect(strays.map((s) => s.reason)).toContainEqual(
      expect.stringContaining(`acquittement du flux ${flow.flowId} inconnu`),
    );
  });
});
