import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStatusMessage, writeStatusMessage, type LifecycleStatus } from '../../src/einvoice/cdar';
import type { InvoicePayload } from '../../src/domain/types';
import type { ToWire } from '../../src/domain/wire-names';
import { memberships, platformOutbox, users } from '../../server/src/db/schema/index';
import { recordIncomingStatus } from '../../server/src/modules/received-invoices/service';
import { recordPlatformRejection } from '../../server/src/modules/invoices/service';
import { GARAGE, invoicePayload, line, MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Decision 089: lifecycle statuses. Sent invoices: the statuses the platform and the buyer send back
// join an append-only trail shown on the follow-up and filterable in the list; a payment on a services
// invoice sends « Encaissée » (212) with the amount per VAT rate, a goods invoice none. Received
// invoices: the buyer approves, disputes, refuses (reason from the list) or says it paid, each status
// queued for the platform as a CDAR message.

const ctx = useTestServer();
let martin: number;
let garage: number;
beforeAll(() => {
  martin = ctx.company(MARTIN);
  garage = ctx.company(GARAGE);
});
const opts = (company = martin) => ({ token: ctx.demo, company });
const db = () => ctx.server.deps.db;
const MARTIN_SIREN = '512345679';
const GARAGE_SIREN = '498765437';

// 1 × 100 € HT at 20 % (120 € TTC) and 1 × 50 € at 10 % (55 € TTC): 175 € TTC.
const lines = [
  line({ code: 'PRE001', label: 'Conseil', quantity: 1, unitPrice: 100, vatRate: 20 }),
  line({ code: 'PRE002', label: 'Atelier', quantity: 1, unitPrice: 50, vatRate: 10 }),
];

async function validated(overrides: Partial<ToWire<InvoicePayload>> = {}) {
  const draft = await ctx.server.api.post(
    '/api/invoices',
    invoicePayload(ctx.server, { customer: { accountNumber: 'C00001' }, lines, ...overrides }),
    opts(),
  );
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const v = await ctx.server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, opts());
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return v.body.invoice as { id: number; number: string; createdAt: string };
}
const followUp = async (id: number) => (await ctx.server.api.get(`/api/invoices/${id}/follow-up`, opts())).body;
const pay = (id: number, amount: number) =>
  ctx.server.api.post(
    `/api/invoices/${id}/payments`,
    { date: invoicePayload(ctx.server).createdAt, means: 'virement', amount },
    opts(),
  );
const statusFlows = (companyId: number) =>
  db()
    .select()
    .from(platformOutbox)
    .where(and(eq(platformOutbox.companyId, companyId), eq(platformOutbox.kind, 'status')));

/** A status as the buyer's platform would send it about one of Martin's invoices. */
const fromBuyer = (number: string, issueDate: string, over: Partial<LifecycleStatus> = {}): string =>
  writeStatusMessage({
    code: '210',
    createdAt: '2026-12-02T10:00:00.000Z',
    sender: { role: 'WK' },
    issuer: { role: 'BY', siren: '532118908', name: 'Hôtel du Parc' },
    recipients: [{ role: 'SE', siren: MARTIN_SIREN, electronicAddress: MARTIN_SIREN }],
    invoice: { number, typeCode: '380', issueDate, sellerSiren: MARTIN_SIREN },
    reason: { code: 'TX_TVA_ERR' },
    ...over,
  });
const incoming = (companyId: number, xml: string, flowId: string) =>
  db().transaction((tx) => recordIncomingStatus(tx, companyId, xml, flowId, ctx.server.deps.now()));

describe('« Encaissée » when a payment is recorded (LC-5)', () => {
  it('a services invoice: one 212 with the amount received per VAT rate, queued for the platform as CDAR', async () => {
    const inv = await validated({ operationKind: 'services' } as never);
    expect((await followUp(inv.id)).lifecycle).toEqual([]);
    const before = (await statusFlows(martin)).length;
    const res = await pay(inv.id, 70);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const trail = res.body.lifecycle;
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      code: '212',
      label: 'Encaissée',
      setBy: 'us',
      setByLabel: 'Vous',
      collected: [
        { amount: 48, vatRate: 20, currency: 'EUR' },
        { amount: 22, vatRate: 10, currency: 'EUR' },
      ],
    });
    const flows = await statusFlows(martin);
    expect(flows).toHaveLength(before + 1);
    const flow = flows.find((f) => f.sourceId === trail[0].id)!;
    expect(flow).toMatchObject({ syntax: 'CDAR', state: 'pending' });
    const message = readStatusMessage(new TextDecoder().decode(flow.bytes));
    expect(message).toMatchObject({
      code: '212',
      issuer: { role: 'SE', siren: MARTIN_SIREN },
      recipients: [{ role: 'BY', siren: '532118908' }],
      invoice: { number: inv.number, sellerSiren: MARTIN_SIREN },
    });
    expect(message.collected).toEqual(trail[0].collected);
  });

  it('a goods invoice: its payment sends no status', async () => {
    const inv = await validated({ operationKind: 'biens' } as never);
    const before = (await statusFlows(martin)).length;
    const res = await pay(inv.id, 175);
    expect(res.status).toBe(201);
    expect(res.body.lifecycle).toEqual([]);
    expect(await statusFlows(martin)).toHaveLength(before);
  });

  it('never without a recorded payment: a validated services invoice alone has no « Encaissée »', async () => {
    const inv = await validated({ operationKind: 'services' } as never);
    expect((await followUp(inv.id)).lifecycle).toEqual([]);
  });
});

describe('incoming statuses on an invoice sent (LC-1)', () => {
  it('the buyer’s « Refusée » joins the follow-up with its reason; the list filters on the last status', async () => {
    const inv = await validated({ operationKind: 'biens' } as never);
    expect(
      await incoming(
        martin,
        fromBuyer(inv.number, inv.createdAt, { code: '200', reason: undefined, issuer: { role: 'WK' } }),
        `in-200-${inv.id}`,
      ),
    ).toBe('handled');
    expect(
      await incoming(
        martin,
        fromBuyer(inv.number, inv.createdAt, { createdAt: '2026-12-02T11:00:00.000Z' }),
        `in-210-${inv.id}`,
      ),
    ).toBe('handled');
    const trail = (await followUp(inv.id)).lifecycle;
    expect(trail.map((e: { code: string; label: string; setBy: string }) => [e.code, e.label, e.setBy])).toEqual([
      ['200', 'Déposée', 'platform'],
      ['210', 'Refusée', 'buyer'],
    ]);
    expect(trail[1]).toMatchObject({ reasonCode: 'TX_TVA_ERR', reasonLabel: 'Taux de TVA erroné' });
    const list = await ctx.server.api.get('/api/factures?lifecycle=210&pageSize=100', opts());
    expect(list.status).toBe(200);
    const row = list.body.items.find((r: { id: number }) => r.id === inv.id);
    expect(row?.lastStatus).toEqual({ code: '210', label: 'Refusée' });
    expect(list.body.items.every((r: { lastStatus: { code: string } | null }) => r.lastStatus?.code === '210')).toBe(
      true,
    );
    const deposited = await ctx.server.api.get('/api/factures?lifecycle=200&pageSize=100', opts());
    expect(deposited.body.items.some((r: { id: number }) => r.id === inv.id)).toBe(false);
  });

  it('the same flow twice is one event; an invoice we do not know is « unknown » (kept aside)', async () => {
    const inv = await validated({ operationKind: 'biens' } as never);
    const xml = fromBuyer(inv.number, inv.createdAt, { code: '205', reason: undefined });
    expect(await incoming(martin, xml, `dup-${inv.id}`)).toBe('handled');
    expect(await incoming(martin, xml, `dup-${inv.id}`)).toBe('handled');
    expect((await followUp(inv.id)).lifecycle).toHaveLength(1);
    expect(await incoming(martin, fromBuyer('F-INCONNUE-1', inv.createdAt), 'unknown-1')).toBe('unknown');
    expect(await incoming(martin, '<pas-un-statut/>', 'unknown-2')).toBe('unknown');
  });

  it('a « Rejetée » keeps the rules the platform found broken', async () => {
    const inv = await validated({ operationKind: 'biens' } as never);
    const xml = fromBuyer(inv.number, inv.createdAt, {
      code: '213',
      issuer: { role: 'WK' },
      reason: { code: 'REJ_SEMAN' },
      failedRules: [{ id: 'BR-FR-12', text: 'Adresse électronique de l’acheteur absente (BT-49).' }],
    });
    expect(await incoming(martin, xml, `rej-${inv.id}`)).toBe('handled');
    expect((await followUp(inv.id)).lifecycle[0]).toMatchObject({
      code: '213',
      label: 'Rejetée',
      setBy: 'platform',
      failedRules: [{ id: 'BR-FR-12', text: 'Adresse électronique de l’acheteur absente (BT-49).' }],
    });
  });
});

describe('a flow the platform refused by its acknowledgement (LC-1)', () => {
  it('becomes one « Rejetée » with the rules it names, however often the acknowledgement comes', async () => {
    const inv = await validated({ operationKind: 'biens' } as never);
    const v = {
      companyId: martin,
      invoiceId: inv.id,
      flowId: `flow-${inv.id}`,
      failedRules: [{ id: 'BR-FR-08', text: 'Cadre de facturation absent (BT-23).' }],
      now: ctx.server.deps.now(),
    };
    await recordPlatformRejection(db(), v);
    await recordPlatformRejection(db(), v);
    const trail = (await followUp(inv.id)).lifecycle;
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ code: '213', label: 'Rejetée', setBy: 'platform', failedRules: v.failedRules });
  });
});

describe('the trail is immutable (LC-4)', () => {
  it('an UPDATE or a DELETE typed by hand is refused by the database', async () => {
    const inv = await validated({ operationKind: 'services' } as never);
    await pay(inv.id, 10);
    const [{ id }] = (await followUp(inv.id)).lifecycle;
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db()
        .execute(statement)
        .then(
          () => null,
          (e: unknown) => e as Error & { cause?: { message?: string } },
        );
      expect(error, 'la base aurait dû refuser').not.toBeNull();
      return `${error!.message} ${error!.cause?.message ?? ''}`;
    };
    expect(await refused(sql`update invoice_lifecycle_events set code = '210' where id = ${id}`)).toContain(
      'ni modifié ni supprimé',
    );
    expect(await refused(sql`delete from invoice_lifecycle_events where id = ${id}`)).toContain(
      'ni modifié ni supprimé',
    );

    expect((await followUp(inv.id)).lifecycle[0]).toMatchObject({ id, code: '212' });
  });
});

// ── Received invoices ────────────────────────────────────────────────────────────────────────────
const CII = readFileSync(new URL('../../src/einvoice/fixtures/cii-conforme.xml', import.meta.url), 'utf8');
const SUPPLIER_SIREN = '732829320';

async function received(number: string): Promise<{ id: number; number: string }> {
  const form = new FormData();
  const xml = CII.replace('<ram:ID>FA-2026-0142</ram:ID>', `<ram:ID>${number}</ram:ID>`);
  form.append('file', new Blob([xml], { type: 'application/xml' }), `${number}.xml`);
  const res = await ctx.server.api.request('POST', '/api/received-invoices', {
    token: ctx.demo,
    company: garage,
    rawBody: form,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const setStatus = (id: number, body: Record<string, unknown>) =>
  ctx.server.api.post(`/api/received-invoices/${id}/lifecycle`, body, opts(garage));

describe('the buyer’s statuses from « Factures reçues » (LC-2, LC-3)', () => {
  it('offers the four actions with the reasons of each; approving sends a 205 CDAR to the seller', async () => {
    const inv = await received('RECU-0001');
    const detail = (await ctx.server.api.get(`/api/received-invoices/${inv.id}`, opts(garage))).body;
    expect(detail.lifecycle).toEqual([]);
    expect(detail.lifecycleActions.map((a: { code: string; label: string }) => [a.code, a.label])).toEqual([
      ['205', 'Approuvée'],
      ['207', 'En litige'],
      ['210', 'Refusée'],
      ['211', 'Paiement transmis'],
    ]);
    expect(detail.lifecycleActions[2].reasons).toContainEqual({ code: 'TX_TVA_ERR', label: 'Taux de TVA erroné' });
    const res = await setStatus(inv.id, { code: '205' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.lifecycle).toMatchObject([{ code: '205', label: 'Approuvée', setBy: 'us' }]);
    const flow = (await statusFlows(garage)).find((f) => f.sourceId === res.body.lifecycle[0].id)!;
    const message = readStatusMessage(new TextDecoder().decode(flow.bytes));
    expect(message).toMatchObject({
      code: '205',
      issuer: { role: 'BY', siren: GARAGE_SIREN },
      recipients: [{ role: 'SE', siren: SUPPLIER_SIREN }],
      invoice: { number: 'RECU-0001', sellerSiren: SUPPLIER_SIREN, typeCode: '380' },
    });
    const list = await ctx.server.api.get('/api/received-invoices?pageSize=100', opts(garage));
    expect(list.body.items.find((r: { id: number }) => r.id === inv.id).lastStatus).toEqual({
      code: '205',
      label: 'Approuvée',
    });
  });

  it('refusing needs a reason from the list (422 in French); once refused, nothing follows (409)', async () => {
    const inv = await received('RECU-0002');
    const none = await setStatus(inv.id, { code: '210' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual(['Le statut « Refusée » demande un motif : choisissez-le dans la liste.']);
    const wrong = await setStatus(inv.id, { code: '210', reasonCode: 'REJ_SEMAN' });
    expect(wrong.status).toBe(422);
    expect((await statusFlows(garage)).some((f) => f.fileName === 'RECU-0002-CDV-210.xml')).toBe(false);
    const ok = await setStatus(inv.id, { code: '210', reasonCode: 'TX_TVA_ERR', reasonText: 'Taux de 10 % attendu' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.lifecycle[0]).toMatchObject({
      code: '210',
      reasonCode: 'TX_TVA_ERR',
      reasonLabel: 'Taux de TVA erroné',
      reasonText: 'Taux de 10 % attendu',
    });
    expect(ok.body.lifecycleActions).toEqual([]);
    const flow = (await statusFlows(garage)).find((f) => f.sourceId === ok.body.lifecycle[0].id)!;
    expect(readStatusMessage(new TextDecoder().decode(flow.bytes)).reason).toEqual({
      code: 'TX_TVA_ERR',
      text: 'Taux de 10 % attendu',
    });
    const after = await setStatus(inv.id, { code: '205' });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('Cette facture est refusée : aucun autre statut ne peut la suivre.');
  });

  it('disputing takes a reason; « Paiement transmis » needs none; an unknown code is 400', async () => {
    const inv = await received('RECU-0003');
    expect((await setStatus(inv.id, { code: '207' })).status).toBe(422);
    expect((await setStatus(inv.id, { code: '207', reasonCode: 'QTE_ERR' })).status).toBe(201);
    const paid = await setStatus(inv.id, { code: '211' });
    expect(paid.status).toBe(201);
    expect(paid.body.lifecycle.map((e: { code: string }) => e.code)).toEqual(['207', '211']);
    expect((await setStatus(inv.id, { code: '212' })).status).toBe(400);
  });

  it('the seller’s « Encaissée » about a received invoice joins its trail', async () => {
    const inv = await received('RECU-0004');
    const xml = writeStatusMessage({
      code: '212',
      createdAt: '2026-12-02T12:00:00.000Z',
      sender: { role: 'SE' },
      issuer: { role: 'SE', siren: SUPPLIER_SIREN },
      recipients: [{ role: 'BY', siren: GARAGE_SIREN, electronicAddress: GARAGE_SIREN }],
      invoice: { number: 'RECU-0004', typeCode: '380', issueDate: '2026-11-02', sellerSiren: SUPPLIER_SIREN },
      collected: [{ amount: 1305.5, vatRate: 20, currency: 'EUR' }],
    });
    expect(await incoming(garage, xml, 'seller-212')).toBe('handled');
    const detail = (await ctx.server.api.get(`/api/received-invoices/${inv.id}`, opts(garage))).body;
    expect(detail.lifecycle[0]).toMatchObject({ code: '212', setBy: 'seller', setByLabel: 'Le vendeur' });
    // The received trail is append-only too (LC-4).
    const error = await db()
      .execute(sql`delete from received_invoice_lifecycle_events where received_invoice_id = ${inv.id}`)
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: { message?: string } },
      );
    expect(`${error?.message} ${error?.cause?.message}`).toContain('ni modifié ni supprimé');
  });

  it('without the right to edit in « Ma bannette »: no action offered, and the call is refused (403)', async () => {
    const inv = await received('RECU-0005');
    const [demo] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    const [m] = await db()
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, demo!.id), eq(memberships.companyId, garage)));
    const rights = m!.appRights.map((r) =>
      r.label === 'maBannette' ? { ...r, permissions: r.permissions.filter((p) => p !== 'edit') } : r,
    );
    await db()
      .update(memberships)
      .set({ appRights: rights })
      .where(and(eq(memberships.userId, demo!.id), eq(memberships.companyId, garage)));
    try {
      const detail = (await ctx.server.api.get(`/api/received-invoices/${inv.id}`, opts(garage))).body;
      expect(detail.lifecycleActions).toEqual([]);
      const res = await setStatus(inv.id, { code: '205' });
      expect(res.status).toBe(403);
      expect((await ctx.server.api.get(`/api/received-invoices/${inv.id}`, opts(garage))).body.lifecycle).toEqual([]);
    } finally {
      await db()
        .update(memberships)
        .set({ appRights: m!.appRights })
        .where(and(eq(memberships.userId, demo!.id), eq(memberships.companyId, garage)));
    }
  });
});
