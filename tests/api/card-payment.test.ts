import { eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardPayments, firmAccounts, invoicePayments, invoices } from '../../server/src/db/schema/index';
import { signatureHeader } from '../../server/src/modules/my-account/payments/provider';
import { GARAGE, invoicePayload, line, MARTIN } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';
import { readConfig } from '../../server/src/env';

// Decision 044: card payment of the firm's invoices from « Mon compte », against the real
// server and the real local test provider it starts (its own HTTP server on 127.0.0.1). The firm is
// MARTIN (it invoices its customer C00003), the client company is GARAGE, linked to that customer.

const ctx = useTestServer();
let firm: number;
let client: number;
let customerId: number;

const asFirm = () => ({ token: ctx.demo, company: firm });
const asClient = () => ({ token: ctx.demo, company: client });
const CARDS = { accepted: '4242 4242 4242 4242', refused: '4000 0000 0000 0002', secure3d: '4000 0000 0000 3220' };

beforeAll(async () => {
  firm = ctx.company(MARTIN);
  client = ctx.company(GARAGE);
  const inv = await unpaidInvoice();
  const [row] = await ctx.server.deps.db.select().from(invoices).where(eq(invoices.id, inv.id));
  customerId = row!.customerId!;
  // The firm's link, set directly: whatever the demo data links, this file's link is its own.
  const db = ctx.server.deps.db;
  await db
    .delete(firmAccounts)
    .where(or(eq(firmAccounts.clientCompanyId, client), eq(firmAccounts.customerId, customerId)));
  await db.insert(firmAccounts).values({ clientCompanyId: client, firmCompanyId: firm, customerId });
});

/** A validated invoice of the firm to its customer C00003: 1 × 100 € HT at 20 % → 120 € TTC. */
async function unpaidInvoice(unitPrice = 100) {
  const draft = await ctx.server.api.post(
    '/api/invoices',
    invoicePayload(ctx.server, {
      customer: { accountNumber: 'C00003' },
      lines: [line({ code: 'PRE001', label: 'Tenue comptable', quantity: 1, unitPrice, vatRate: 20 })],
    }),
    asFirm(),
  );
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const v = await ctx.server.api.put(`/api/invoices/${draft.body.id}/validate`, {}, asFirm());
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  return v.body.invoice as { id: number; number: string; ttc: number };
}

const start = (invoiceId: number | null, extra: Record<string, unknown> = {}) =>
  ctx.server.api.post('/api/my-account/payments', { invoiceId, ...extra }, asClient());
const payment = (id: number, query = '') => ctx.server.api.get(`/api/my-account/payments/${id}${query}`, asClient());
const followUp = async (id: number) =>
  (await ctx.server.api.get(`/api/invoices/${id}/follow-up`, asFirm())).body as {
    amountDue: number;
    payments: { means: string; amount: number }[];
  };

/** What the browser does on the hosted page: posts the card form; the provider answers 303. */
async function payOnHostedPage(redirectUrl: string, card: string, delivery = 'immediate') {
  const res = await fetch(redirectUrl, {
    method: 'POST',
    body: new URLSearchParams({ number: card, expiry: '12/30', cvc: '123', delivery }),
    redirect: 'manual',
  });
  return res;
}

/** The local provider's API, as the test's own hand on it (the secret is the server's). */
async function provider(path: string, method = 'GET') {
  const { apiUrl, secret } = ctx.server.deps.config.payment;
  const res = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${secret}` } });
  return { status: res.status, body: await res.json() };
}

/** Card payments recorded on the firm's invoices, in euros. */
async function cardPaid() {
  const rows = await ctx.server.deps.db.select().from(invoicePayments).where(eq(invoicePayments.companyId, firm));
  return rows.filter((r) => r.means === 'carte').reduce((t, r) => t + Number(r.amount), 0);
}

async function notify(body: string, signature: string | null) {
  return fetch(`${ctx.server.url}/api/payments/notifications/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-payment-signature': signature } : {}) },
    body,
  });
}

describe('card payment through the local provider', () => {
  it('creates a session for the invoice’s remaining amount and sends the browser to the hosted page', async () => {
    const inv = await unpaidInvoice();
    const res = await start(inv.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      statusLabel: 'Paiement en cours de confirmation',
      amount: 120,
      reference: inv.number,
      invoiceId: inv.id,
    });
    const origin = ctx.server.deps.config.payment.origin!;
    expect(res.body.redirectUrl.startsWith(`${origin}/pay/`)).toBe(true);
    const page = await fetch(res.body.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Numéro de carte');
    expect(html).toContain('Cryptogramme');
    expect(html).toMatch(/120,00\s€/);
    // The portal's CSP lets a form go to the provider, and nothing else about it.
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`form-action 'self'`);
    expect(csp.split('; ').find((d) => d.startsWith('form-action'))).toContain(origin);
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).toBe("script-src 'self'");
  });

  it('accepted: the signed notification records one card payment on the invoice', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    const res = await payOnHostedPage(s.redirectUrl, CARDS.accepted);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.pathname).toBe(`/mon-compte-workplace/paiement/${s.id}`);
    expect(back.search).toBe('');
    expect((await payment(s.id)).body).toMatchObject({ status: 'accepted', statusLabel: 'Paiement accepté' });
    const f = await followUp(inv.id);
    expect(f.amountDue).toBe(0);
    expect(f.payments).toEqual([expect.objectContaining({ means: 'carte', amount: 120 })]);
    // Paid: nothing more to pay on it.
    const again = await start(inv.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Rien à payer/);
  });

  it('refused: the payment is refused and the invoice stays unpaid', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    expect((await payOnHostedPage(s.redirectUrl, CARDS.refused)).status).toBe(303);
    expect((await payment(s.id)).body).toMatchObject({ status: 'refused', statusLabel: 'Paiement refusé' });
    const f = await followUp(inv.id);
    expect(f.payments).toEqual([]);
    expect(f.amountDue).toBe(120);
  });

  it('3-D Secure: a « Valider » step, then accepted', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    const step = await payOnHostedPage(s.redirectUrl, CARDS.secure3d);
    expect(step.status).toBe(200);
    expect(await step.text()).toContain('Valider');
    const done = await fetch(`${s.redirectUrl}/3ds`, {
      method: 'POST',
      body: new URLSearchParams({ delivery: 'immediate' }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect((await payment(s.id)).body.status).toBe('accepted');
  });

  it('a bad card form is answered on the hosted page in French, and nothing is settled', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    const res = await fetch(s.redirectUrl, {
      method: 'POST',
      body: new URLSearchParams({ number: '1234', expiry: '13/99', cvc: 'x' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('Le numéro de carte doit comporter 16 chiffres.');
    expect(html).toContain('La date d’expiration doit être au format MM/AA.');
    expect((await payment(s.id)).body.status).toBe('pending');
  });

  it('a notification received twice (and once more later) has one effect', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    expect((await payOnHostedPage(s.redirectUrl, CARDS.accepted, 'twice')).status).toBe(303);
    const [row] = await ctx.server.deps.db.select().from(cardPayments).where(eq(cardPayments.id, s.id));
    expect((await provider(`/test/checkouts/${row!.checkoutId}/deliver`, 'POST')).body).toEqual({ status: 204 });
    expect((await payment(s.id)).body.status).toBe('accepted');
    expect((await followUp(inv.id)).payments).toHaveLength(1);
  });

  it('a forged notification → 400 and nothing changes', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    const [row] = await ctx.server.deps.db.select().from(cardPayments).where(eq(cardPayments.id, s.id));
    const body = JSON.stringify({
      type: 'payment.succeeded',
      checkoutId: row!.checkoutId,
      reference: inv.number,
      amountCents: 12000,
      currency: 'EUR',
    });
    const now = Math.floor(Date.now() / 1000);
    const forger = 'f'.repeat(64); // not the server's secret
    const wrongKey = await notify(body, signatureHeader(forger, now, body));
    const unsigned = await notify(body, null);
    const { secret } = ctx.server.deps.config.payment;
    // Signed by the right key, but for another body (re-serialised, or changed on the way).
    const otherBody = await notify(body.replace('12000', '1'), signatureHeader(secret, now, body));
    const stale = await notify(body, signatureHeader(secret, now - 3600, body));
    const garbage = await notify('{', 't=abc,v1=zz');
    const otherProvider = await fetch(`${ctx.server.url}/api/payments/notifications/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-payment-signature': signatureHeader(secret, now, body) },
      body,
    });
    for (const r of [wrongKey, unsigned, otherBody, stale, garbage, otherProvider]) {
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ message: 'Notification de paiement invalide.' });
    }
    // A genuine signature over an amount that is not the payment's is refused too.
    const lowered = body.replace('12000', '100');
    expect((await notify(lowered, signatureHeader(secret, now, lowered))).status).toBe(400);
    expect((await payment(s.id)).body.status).toBe('pending');
    expect((await followUp(inv.id)).payments).toEqual([]);
    // The genuine one still works afterwards.
    expect((await notify(body, signatureHeader(secret, now, body))).status).toBe(204);
    expect((await payment(s.id)).body.status).toBe('accepted');
  });

  it('late notification: pending at first, then the status read back settles it; the late one changes nothing', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    expect((await payOnHostedPage(s.redirectUrl, CARDS.accepted, 'late')).status).toBe(303);
    expect((await payment(s.id)).body).toMatchObject({
      status: 'pending',
      statusLabel: 'Paiement en cours de confirmation',
    });
    expect((await followUp(inv.id)).payments).toEqual([]);
    try {
      ctx.server.setNow(new Date(Date.now() + 15_000)); // old enough to ask the provider
      expect((await payment(s.id)).body).toMatchObject({ status: 'accepted', statusLabel: 'Paiement accepté' });
      const [row] = await ctx.server.deps.db.select().from(cardPayments).where(eq(cardPayments.id, s.id));
      expect((await provider(`/test/checkouts/${row!.checkoutId}/deliver`, 'POST')).body).toEqual({ status: 204 });
    } finally {
      ctx.server.setNow(null);
    }
    expect((await followUp(inv.id)).payments).toHaveLength(1);
  });

  it('notification never sent: a refusal is read back from the provider, and no payment is recorded', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    expect((await payOnHostedPage(s.redirectUrl, CARDS.refused, 'never')).status).toBe(303);
    expect((await payment(s.id)).body.status).toBe('pending');
    try {
      ctx.server.setNow(new Date(Date.now() + 15_000));
      expect((await payment(s.id)).body).toMatchObject({ status: 'refused', statusLabel: 'Paiement refusé' });
    } finally {
      ctx.server.setNow(null);
    }
    expect((await followUp(inv.id)).payments).toEqual([]);
  });

  it('amount tampering in the request or the return URL is ignored: the server’s amount only', async () => {
    const inv = await unpaidInvoice();
    const res = await start(inv.id, { amount: 0.01, amountCents: 1 });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(120);
    const [row] = await ctx.server.deps.db.select().from(cardPayments).where(eq(cardPayments.id, res.body.id));
    expect((await provider(`/v1/checkouts/${row!.checkoutId}`)).body).toMatchObject({ amountCents: 12000 });
    // A return URL edited by hand proves nothing: the state is the server's.
    const forged = await payment(res.body.id, '?status=accepted&amount=0.01');
    expect(forged.status).toBe(200);
    expect(forged.body).toMatchObject({ status: 'pending', amount: 120 });
    expect((await payOnHostedPage(res.body.redirectUrl, CARDS.accepted)).status).toBe(303);
    expect((await followUp(inv.id)).payments).toEqual([expect.objectContaining({ amount: 120 })]);
  });

  it('the statement’s balance is paid over the oldest invoices still due', async () => {
    const older = await unpaidInvoice();
    const newer = await unpaidInvoice(50); // 60 € TTC
    const res = await start(null);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ invoiceId: null, status: 'pending' });
    expect(res.body.amount).toBeGreaterThanOrEqual(180);
    const paidBefore = await cardPaid();
    expect((await payOnHostedPage(res.body.redirectUrl, CARDS.accepted)).status).toBe(303);
    expect((await payment(res.body.id)).body.status).toBe('accepted');
    expect(await cardPaid()).toBeCloseTo(paidBefore + res.body.amount, 2);
    expect((await followUp(older.id)).amountDue).toBe(0);
    expect((await followUp(newer.id)).amountDue).toBe(0);
    const nothing = await start(null);
    expect(nothing.status).toBe(409);
  });

  it('isolation: another company’s payment or invoice → 404; a bad id → 400, never 500', async () => {
    const inv = await unpaidInvoice();
    const s = (await start(inv.id)).body;
    const foreign = await ctx.server.api.get(`/api/my-account/payments/${s.id}`, asFirm());
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Paiement introuvable.');
    // The firm company's own account (with the demo firm) does not hold the invoice it issued.
    expect((await ctx.server.api.post('/api/my-account/payments', { invoiceId: inv.id }, asFirm())).status).toBe(404);
    expect((await start(999_999)).status).toBe(404);
    expect((await start('x' as never)).status).toBe(400);
    expect((await ctx.server.api.get('/api/my-account/payments/abc', asClient())).status).toBe(400);
  });
});

describe('payment configuration, validated at start', () => {
  const read = (env: Record<string, string>) => () => readConfig({ DATA_DIR: 'memory://', ...env });
  it('refuses an unknown provider or a short secret, in French', () => {
    expect(read({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER: local ou none/);
    expect(read({ PAYMENT_SECRET: 'court' })).toThrow(/PAYMENT_SECRET: au moins 32 caractères/);
    expect(read({ PAYMENT_PROVIDER_URL: 'pas une adresse' })).toThrow(/PAYMENT_PROVIDER_URL/);
  });
  it('runs the local test provider by default, but never in production without demo data', () => {
    expect(readConfig({}).payment.provider).toBe('local');
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://portail.example.fr' };
    expect(readConfig(prod).payment.provider).toBe('none');
    expect(readConfig({ ...prod, SEED_DEMO: '1' }).payment.provider).toBe('local');
    expect(read({ ...prod, PAYMENT_PROVIDER: 'local' })).toThrow(/prestataire de paiement de TEST/);
  });
});
