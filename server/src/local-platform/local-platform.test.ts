import { createHash } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureEInvoiceSefs } from '../../../scripts/einvoice-sef.mjs';
import { readStatusMessage, writeStatusMessage } from '../../../src/einvoice/cdar';
import { NOT_IN_DIRECTORY } from './directory-data';
import { answerProblems, DIRECTORY_SPEC, FLOW_SPEC } from './openapi-check';
import { startLocalPlatform, type LocalPlatform } from './platform';
import { signWebhook } from './processing';

// Decision 087: the local approved platform as the portal's adapter meets it, over HTTP. Every
// answer is checked against the AFNOR OpenAPI files.

const BAKERY = '512345679'; // Boulangerie Pâtisserie Martin, a demo company
const GARAGE = '498765437'; // Garage Dupont & Fils, another one
const OUTSIDE = '412345670'; // Minoterie du Dauphiné: in the directory, on another platform

const fixture = readFileSync(new URL('../../../src/einvoice/fixtures/cii-conforme.xml', import.meta.url), 'utf8');
/** The conforming CII fixture, from `seller` to `buyer`, numbered `number`. */
const invoiceXml = (number: string, seller = BAKERY, buyer = GARAGE) =>
  fixture
    .replaceAll('732829320', seller)
    .replaceAll('552100554', buyer)
    .replace('<ram:ID>FA-2026-0142</ram:ID>', `<ram:ID>${number}</ram:ID>`);

let platform: LocalPlatform;

async function client(siren: string) {
  const cred = platform.credentials(siren)!;
  const res = await fetch(`${platform.url}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: cred.clientId,
      client_secret: cred.clientSecret,
    }),
  });
  const { access_token } = (await res.json()) as { access_token: string };
  const call = async (
    service: 'flow' | 'directory',
    method: string,
    path: string,
    specPath: string,
    body?: unknown,
  ) => {
    const res = await fetch(`${platform.url}/${service}-service${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
    if (res.headers.get('content-type')?.includes('json') || !text)
      expect(
        answerProblems(service === 'flow' ? FLOW_SPEC : DIRECTORY_SPEC, method, specPath, res.status, json || null),
      ).toEqual([]);
    return { status: res.status, body: json as any, headers: res.headers };
  };
  return {
    token: access_token,
    submit: (xml: string, info: Record<string, unknown>) => {
      const form = new FormData();
      form.set(
        'flowInfo',
        new Blob([JSON.stringify({ flowSyntax: 'CII', name: 'facture.xml', ...info })], { type: 'application/json' }),
      );
      form.set('file', new Blob([xml], { type: 'application/xml' }), String(info.name ?? 'facture.xml'));
      return call('flow', 'POST', '/v1/flows', '/v1/flows', form);
    },
    search: (where: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call('flow', 'POST', '/v1/flows/search', '/v1/flows/search', { where, ...extra }),
    get: (flowId: string, docType?: string) =>
      call('flow', 'GET', `/v1/flows/${flowId}${docType ? `?docType=${docType}` : ''}`, '/v1/flows/{flowId}'),
    flow: call,
  };
}

// The platform applies the official rules: on a fresh clone they may not be compiled yet when this
// file runs beside the build (decision 086 caches them; parallel callers each rename a whole file).
beforeAll(() => ensureEInvoiceSefs(), 600_000);

beforeAll(async () => {
  platform = await startLocalPlatform();
});
afterAll(() => platform.close());
beforeEach(() => platform.control.reset());

describe('the local platform’s access (OAuth2 client credentials, decision 087)', () => {
  it('gives a bearer token to a known client and refuses a wrong secret or grant', async () => {
    const cred = platform.credentials(BAKERY)!;
    expect(cred.clientId).toBe(`pa-${BAKERY}`);
    const token = (form: Record<string, string>) =>
      fetch(`${platform.url}/auth/token`, { method: 'POST', body: new URLSearchParams(form) });
    const ok = await token({
      grant_type: 'client_credentials',
      client_id: cred.clientId,
      client_secret: cred.clientSecret,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String) });
    const wrong = await token({ grant_type: 'client_credentials', client_id: cred.clientId, client_secret: 'faux' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect(
      (await token({ grant_type: 'password', client_id: cred.clientId, client_secret: cred.clientSecret })).status,
    ).toBe(400);
  });

  it('answers 401 without a token, and marks every answer as the local platform’s', async () => {
    for (const path of ['/flow-service/v1/healthcheck', '/directory-service/v1/healthcheck']) {
      const res = await fetch(`${platform.url}${path}`);
      expect(res.status).toBe(401);
      expect(res.headers.get('x-local-platform')).toBe('1');
      expect(answerProblems(FLOW_SPEC, 'POST', '/v1/flows', 401, await res.json())).toEqual([]);
    }
    const bakery = await client(BAKERY);
    const health = await bakery.flow('flow', 'GET', '/v1/healthcheck', '/v1/healthcheck');
    expect(health.status).toBe(200);
    expect(health.headers.get('x-local-platform')).toBe('1');
  });
});

describe('submitting an invoice (POST /v1/flows)', () => {
  it('checks it, answers « Déposée » to the seller and delivers it to a buyer of the platform', async () => {
    const [bakery, garage] = [await client(BAKERY), await client(GARAGE)];
    const xml = invoiceXml('FA-LP-1');
    const sent = await bakery.submit(xml, {
      trackingId: 'inv-1',
      flowProfile: 'CIUS',
      sha256: createHash('sha256').update(xml).digest('hex'),
    });
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ trackingId: 'inv-1', flowSyntax: 'CII', processingRule: 'B2B' });
    await platform.control.idle();

    const out = await bakery.get(sent.body.flowId);
    expect(out.body).toMatchObject({
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
      acknowledgement: { status: 'Ok' },
    });
    const statuses = await bakery.search({ flowType: ['CustomerInvoiceLC'], flowDirection: ['In'] });
    const codes = [];
    for (const s of statuses.body.results) {
      const file = await bakery.get(s.flowId, 'Original');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment;filename=/);
      const status = readStatusMessage(file.body);
      expect(status.invoice).toMatchObject({ number: 'FA-LP-1', sellerSiren: BAKERY });
      codes.push(status.code);
    }
    expect(codes).toEqual(['200', '203']);

    const received = await garage.search({ flowDirection: ['In'], flowType: ['SupplierInvoice'] });
    expect(received.body.results).toHaveLength(1);
    expect((await garage.get(received.body.results[0].flowId, 'Original')).body).toBe(xml);
    // Nobody else sees the seller's flow.
    expect((await garage.get(sent.body.flowId)).status).toBe(404);
  });

  it('answers a resubmission with the flow already received, never a second one', async () => {
    const bakery = await client(BAKERY);
    const first = await bakery.submit(invoiceXml('FA-LP-2'), { trackingId: 'inv-2' });
    const again = await bakery.submit(invoiceXml('FA-LP-2'), { trackingId: 'inv-2' });
    const sameFile = await bakery.submit(invoiceXml('FA-LP-2'), { trackingId: 'inv-2-bis' });
    expect(again.status).toBe(202);
    expect(again.body.flowId).toBe(first.body.flowId);
    expect(sameFile.body.flowId).toBe(first.body.flowId);
    await platform.control.idle();
    expect(platform.control.flows(`pa-${BAKERY}`).filter((f) => f.flowDirection === 'Out')).toHaveLength(1);
    expect(platform.control.flows(`pa-${GARAGE}`).filter((f) => f.flowType === 'SupplierInvoice')).toHaveLength(1);
  });

  it('refuses a wrong SHA-256, a missing part and a bad flowInfo, in French, storing nothing', async () => {
    const bakery = await client(BAKERY);
    const mismatch = await bakery.submit(invoiceXml('FA-LP-3'), { sha256: '0'.repeat(64) });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errorMessage).toMatch(/empreinte SHA-256/);
    const badSyntax = await bakery.submit(invoiceXml('FA-LP-3'), { flowSyntax: 'PDF' });
    expect(badSyntax.status).toBe(400);
    expect(badSyntax.body.errorMessage).toMatch(/flowSyntax/);
    const form = new FormData();
    form.set('flowInfo', JSON.stringify({ flowSyntax: 'CII', name: 'x.xml' }));
    const noFile = await bakery.flow('flow', 'POST', '/v1/flows', '/v1/flows', form);
    expect(noFile.status).toBe(400);
    expect(noFile.body.errorMessage).toMatch(/« file »/);
    expect(platform.control.flows()).toHaveLength(0);
  });

  it('rejects an invoice the official rules refuse, with the failed rules (« Rejetée », 213)', async () => {
    const bakery = await client(BAKERY);
    // No electronic address of the buyer (BT-49): BR-FR-12.
    const xml = invoiceXml('FA-LP-4').replace(
      /<ram:URIUniversalCommunication><ram:URIID schemeID="0225">498765437<\/ram:URIID><\/ram:URIUniversalCommunication>/,
      '',
    );
    const sent = await bakery.submit(xml, { trackingId: 'inv-4' });
    await platform.control.idle();
    const flow = await bakery.get(sent.body.flowId);
    expect(flow.body.acknowledgement.status).toBe('Error');
    expect(flow.body.acknowledgement.details.map((d: { item: string }) => d.item).join(' ')).toMatch(/BR-FR-12/);
    const [status] = platform.control.flows(`pa-${BAKERY}`).filter((f) => f.flowSyntax === 'CDAR');
    const cdar = readStatusMessage(Buffer.from(status.file, 'base64').toString());
    expect(cdar.code).toBe('213');
    expect(cdar.reason?.code).toBe('REJ_SEMAN');
    expect(cdar.failedRules?.map((r) => r.id).join(' ')).toMatch(/BR-FR-12/);
    expect(platform.control.flows(`pa-${GARAGE}`)).toHaveLength(0);
  });

  it('rejects an invoice to an address no directory line names (DEST_INC)', async () => {
    const bakery = await client(BAKERY);
    await bakery.submit(invoiceXml('FA-LP-5', BAKERY, NOT_IN_DIRECTORY.siren), { trackingId: 'inv-5' });
    await platform.control.idle();
    const codes = platform.control
      .flows(`pa-${BAKERY}`)
      .filter((f) => f.status)
      .map((f) => f.status!.code);
    expect(codes).toEqual(['213']);
  });

  it('keeps an invoice to a company of another platform « Déposée », delivering nothing here', async () => {
    const bakery = await client(BAKERY);
    await bakery.submit(invoiceXml('FA-LP-6', BAKERY, OUTSIDE), { trackingId: 'inv-6' });
    await platform.control.idle();
    expect(
      platform.control
        .flows(`pa-${BAKERY}`)
        .filter((f) => f.status)
        .map((f) => f.status!.code),
    ).toEqual(['200']);
  });
});

describe('statuses between buyer and seller', () => {
  it('forwards the buyer’s « Refusée » with its reason to the seller', async () => {
    const [bakery, garage] = [await client(BAKERY), await client(GARAGE)];
    await bakery.submit(invoiceXml('FA-LP-7'), { trackingId: 'inv-7' });
    await platform.control.idle();
    const cdar = writeStatusMessage({
      code: '210',
      createdAt: '2026-12-02T10:00:00Z',
      sender: { role: 'WK' },
      issuer: { role: 'BY', siren: GARAGE },
      recipients: [{ role: 'SE', siren: BAKERY, electronicAddress: BAKERY }],
      invoice: { number: 'FA-LP-7', typeCode: '380', issueDate: '2026-11-02', sellerSiren: BAKERY },
      reason: { code: 'TX_TVA_ERR', text: 'Le taux de TVA du pain est de 5,5 %.' },
    });
    const sent = await garage.submit(cdar, { flowSyntax: 'CDAR', name: 'refus.xml', trackingId: 'st-7' });
    expect(sent.status).toBe(202);
    await platform.control.idle();
    expect((await garage.get(sent.body.flowId)).body).toMatchObject({
      flowType: 'SupplierInvoiceLC',
      acknowledgement: { status: 'Ok' },
    });
    const statuses = await bakery.search({ flowType: ['CustomerInvoiceLC'] });
    const last = statuses.body.results.at(-1);
    const read = readStatusMessage((await bakery.get(last.flowId, 'Original')).body);
    expect(read).toMatchObject({
      code: '210',
      reason: { code: 'TX_TVA_ERR', text: 'Le taux de TVA du pain est de 5,5 %.' },
    });
  });

  it('sends the seller’s « Encaissée » to the buyer when the buyer is a client here', async () => {
    const [bakery, garage] = [await client(BAKERY), await client(GARAGE)];
    await bakery.submit(invoiceXml('FA-LP-14'), { trackingId: 'inv-14' });
    await platform.control.idle();
    const cdar = writeStatusMessage({
      code: '212',
      createdAt: '2026-12-02T10:00:00Z',
      sender: { role: 'WK' },
      issuer: { role: 'SE', siren: BAKERY },
      recipients: [{ role: 'BY', siren: GARAGE, electronicAddress: GARAGE }],
      invoice: { number: 'FA-LP-14', typeCode: '380', issueDate: '2026-11-02', sellerSiren: BAKERY },
      collected: [{ amount: 120, vatRate: 20, currency: 'EUR' }],
    });
    const sent = await bakery.submit(cdar, { flowSyntax: 'CDAR', name: 'encaissee.xml' });
    await platform.control.idle();
    expect((await bakery.get(sent.body.flowId)).body).toMatchObject({
      flowType: 'CustomerInvoiceLC',
      flowDirection: 'Out',
      acknowledgement: { status: 'Ok' },
    });
    const statuses = await garage.search({ flowType: ['SupplierInvoiceLC'] });
    expect(statuses.body.results).toHaveLength(1);
    const read = readStatusMessage((await garage.get(statuses.body.results[0].flowId, 'Original')).body);
    expect(read).toMatchObject({ code: '212', collected: [{ amount: 120, vatRate: 20 }] });
  });

  it('refuses as the buyer when a test asks (refuseAsBuyer), and emits any status on demand (statusFor)', async () => {
    const bakery = await client(BAKERY);
    platform.control.refuseAsBuyer(1, 'DOUBLON', 'Déjà reçue.');
    const sent = await bakery.submit(invoiceXml('FA-LP-8'), { trackingId: 'inv-8' });
    await platform.control.idle();
    await platform.control.statusFor(sent.body.flowId, '205');
    const statuses = platform.control.flows(`pa-${BAKERY}`).filter((f) => f.status);
    expect(statuses.map((f) => f.status!.code)).toEqual(['200', '203', '210', '205']);
    expect(statuses[2].status!.reason).toBe('Déjà reçue.');
  });

  it('acknowledges with an error a status about an invoice it does not know', async () => {
    const garage = await client(GARAGE);
    const cdar = writeStatusMessage({
      code: '205',
      createdAt: '2026-12-02T10:00:00Z',
      sender: { role: 'WK' },
      issuer: { role: 'BY', siren: GARAGE },
      recipients: [{ role: 'SE', siren: BAKERY, electronicAddress: BAKERY }],
      invoice: { number: 'INCONNUE', typeCode: '380', issueDate: '2026-11-02', sellerSiren: BAKERY },
    });
    const sent = await garage.submit(cdar, { flowSyntax: 'CDAR', name: 'ok.xml' });
    await platform.control.idle();
    const flow = await garage.get(sent.body.flowId);
    expect(flow.body.acknowledgement).toMatchObject({
      status: 'Error',
      details: [{ reasonCode: 'InvoiceLCRuleError' }],
    });
  });
});

describe('search, files and webhooks', () => {
  it('pages the search with its cursor, needs a criterion and at most 100 a page', async () => {
    const bakery = await client(BAKERY);
    for (const n of [1, 2, 3])
      await bakery.submit(invoiceXml(`FA-LP-P${n}`, BAKERY, OUTSIDE), { trackingId: `p-${n}` });
    await platform.control.idle();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await bakery.search({ flowDirection: ['Out'] }, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.body.results.map((f: { trackingId: string }) => f.trackingId));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(['p-1', 'p-2', 'p-3']);
    expect((await bakery.search({ trackingId: 'p-2' })).body.results).toHaveLength(1);
    const later = await bakery.search({ updatedAfter: '2999-01-01T00:00:00Z' });
    expect(later.body.results).toEqual([]);
    expect((await bakery.search({})).status).toBe(400);
    expect((await bakery.search({ flowDirection: ['Out'] }, { limit: 101 })).status).toBe(400);
  });

  it('calls a subscribed webhook with the AFNOR signature, and forgets it once deleted', async () => {
    const bodies: Array<{ body: string; headers: Record<string, string | string[] | undefined> }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push({ body, headers: req.headers });
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    try {
      const [bakery, garage] = [await client(BAKERY), await client(GARAGE)];
      const hook = await garage.flow('flow', 'POST', '/v1/webhooks', '/v1/webhooks', {
        callbackUrl,
        flowDirection: 'In',
      });
      expect(hook.status).toBe(201);
      const list = await garage.flow('flow', 'GET', '/v1/webhooks', '/v1/webhooks');
      expect(list.body).toMatchObject({ count: 1, webhookIds: [hook.body.webhookId] });
      await bakery.submit(invoiceXml('FA-LP-9'), { trackingId: 'inv-9' });
      await platform.control.idle();
      expect(bodies).toHaveLength(1);
      const [{ body, headers }] = bodies;
      expect(answerProblems(FLOW_SPEC, 'GET', '/v1/flows/{flowId}', 200, JSON.parse(body))).toEqual([]);
      expect(JSON.parse(body)).toMatchObject({ flowType: 'SupplierInvoice', flowDirection: 'In' });
      const ts = Number(headers['afnor-signature-timestamp']);
      expect(headers['afnor-signature']).toBe(signWebhook(hook.body.signingKey, body, ts));
      expect(
        (await garage.flow('flow', 'DELETE', `/v1/webhooks/${hook.body.webhookId}`, '/v1/webhooks/{webhookUid}'))
          .status,
      ).toBe(204);
      expect(
        (await garage.flow('flow', 'DELETE', `/v1/webhooks/${hook.body.webhookId}`, '/v1/webhooks/{webhookUid}'))
          .status,
      ).toBe(404);
      const bad = await garage.flow('flow', 'POST', '/v1/webhooks', '/v1/webhooks', { callbackUrl: 'pas une adresse' });
      expect(bad.status).toBe(400);
    } finally {
      receiver.close();
    }
  });
});

describe('faults a test asks for', () => {
  it('goes down (503, or closed sockets), fails with 500 n times, slows down, and comes back', async () => {
    const bakery = await client(BAKERY);
    platform.control.down();
    const down = await bakery.search({ flowDirection: ['Out'] });
    expect(down.status).toBe(503);
    platform.control.down('close');
    await expect(fetch(`${platform.url}/flow-service/v1/healthcheck`)).rejects.toThrow();
    platform.control.up();
    platform.control.fail5xx(2);
    expect((await bakery.search({ flowDirection: ['Out'] })).status).toBe(500);
    expect((await bakery.search({ flowDirection: ['Out'] })).status).toBe(500);
    expect((await bakery.search({ flowDirection: ['Out'] })).status).toBe(200);
    platform.control.latency(300);
    const t0 = performance.now();
    await bakery.search({ flowDirection: ['Out'] });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    platform.control.latency(0);
  });

  it('rejects the next flows when asked (reject), whatever their content', async () => {
    const bakery = await client(BAKERY);
    platform.control.reject(1, ['BR-FR-08']);
    await bakery.submit(invoiceXml('FA-LP-10'), { trackingId: 'inv-10' });
    await bakery.submit(invoiceXml('FA-LP-11'), { trackingId: 'inv-11' });
    await platform.control.idle();
    const codes = platform.control
      .flows(`pa-${BAKERY}`)
      .filter((f) => f.status)
      .map((f) => `${f.invoice?.number}:${f.status!.code}`);
    expect(codes).toEqual(['FA-LP-10:213', 'FA-LP-11:200', 'FA-LP-11:203']);
  });

  it('is driven over HTTP as well (/_control)', async () => {
    const post = (path: string, body: unknown = {}) =>
      fetch(`${platform.url}/_control/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    expect((await post('down')).status).toBe(200);
    const token = await fetch(`${platform.url}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(token.status).toBe(503); // the token endpoint is down too
    expect((await post('up')).status).toBe(200);
    expect((await post('reject', { count: 1, rules: ['BR-FR-13'] })).status).toBe(200);
    const bakery = await client(BAKERY);
    await bakery.submit(invoiceXml('FA-LP-13'), { trackingId: 'inv-13' });
    expect((await post('idle')).status).toBe(200);
    const flows = (await (await fetch(`${platform.url}/_control/flows?owner=pa-${BAKERY}`)).json()) as Array<{
      status?: { code: string };
      acknowledgement: { details?: Array<{ item: string }> };
    }>;
    expect(flows[0].acknowledgement.details?.[0].item).toBe('BR-FR-13');
    expect(flows.filter((f) => f.status).map((f) => f.status!.code)).toEqual(['213']);
  });
});

describe('the directory (Directory Service)', () => {
  it('knows the demo’s companies and outside ones by SIREN, SIRET, routing code and directory line', async () => {
    const bakery = await client(BAKERY);
    const siren = await bakery.flow(
      'directory',
      'GET',
      `/v1/siren/code-insee:${GARAGE}`,
      '/v1/siren/code-insee:{siren}',
    );
    expect(siren.body).toMatchObject({
      siren: GARAGE,
      businessName: 'Garage Dupont & Fils',
      administrativeStatus: 'A',
    });
    const siret = await bakery.flow(
      'directory',
      'GET',
      '/v1/siret/code-insee:49876543700013',
      '/v1/siret/code-insee:{siret}',
    );
    expect(siret.body).toMatchObject({ siren: GARAGE, siret: '49876543700013' });
    const lines = await bakery.flow('directory', 'POST', '/v1/directory-line/search', '/v1/directory-line/search', {
      filters: { siren: { op: 'strict', value: OUTSIDE } },
    });
    expect(lines.body.results.map((l: { addressingIdentifier: string }) => l.addressingIdentifier)).toEqual([
      OUTSIDE,
      `${OUTSIDE}_FACTURES`,
    ]);
    const line = await bakery.flow(
      'directory',
      'GET',
      `/v1/directory-line/code:${GARAGE}`,
      '/v1/directory-line/code:{addressing-identifier}',
    );
    expect(line.body).toMatchObject({ addressingIdentifier: GARAGE, directoryLineStatus: 'Enabled' });
    const routing = await bakery.flow('directory', 'POST', '/v1/routing-code/search', '/v1/routing-code/search', {
      filters: { routingIdentifier: { op: 'contains', value: 'COMPTA' } },
    });
    expect(routing.body.results).toHaveLength(1);
    const byName = await bakery.flow('directory', 'POST', '/v1/siren/search', '/v1/siren/search', {
      filters: { businessName: { op: 'contains', value: 'boulangerie' } },
    });
    expect(byName.body.results.map((r: { siren: string }) => r.siren)).toContain(BAKERY);
  });

  it('does not know the one French business left out of it', async () => {
    const bakery = await client(BAKERY);
    const missing = await bakery.flow(
      'directory',
      'GET',
      `/v1/siren/code-insee:${NOT_IN_DIRECTORY.siren}`,
      '/v1/siren/code-insee:{siren}',
    );
    expect(missing.status).toBe(404);
    const lines = await bakery.flow('directory', 'POST', '/v1/directory-line/search', '/v1/directory-line/search', {
      filters: { siren: { op: 'strict', value: NOT_IN_DIRECTORY.siren } },
    });
    expect(lines.body).toMatchObject({ totalNumberOfResults: 0, results: [] });
  });
});

describe('the journal (dataDir)', () => {
  it('keeps the flows and webhooks across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-platform-'));
    try {
      const first = await startLocalPlatform({ dataDir: dir });
      const saved = platform;
      platform = first;
      const bakery = await client(BAKERY);
      const sent = await bakery.submit(invoiceXml('FA-LP-12'), { trackingId: 'inv-12' });
      await first.control.idle();
      await first.close();
      platform = await startLocalPlatform({ dataDir: dir });
      try {
        const again = await client(BAKERY);
        expect((await again.get(sent.body.flowId)).body.acknowledgement.status).toBe('Ok');
        expect((await again.submit(invoiceXml('FA-LP-12'), { trackingId: 'inv-12' })).body.flowId).toBe(
          sent.body.flowId,
        );
        expect(platform.control.flows(`pa-${GARAGE}`).filter((f) => f.flowType === 'SupplierInvoice')).toHaveLength(1);
      } finally {
        await platform.close();
        platform = saved;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
