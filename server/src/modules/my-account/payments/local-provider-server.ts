import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { cardPage, DELIVERIES, judgeCard, messagePage, secure3dPage, type Delivery } from './local-provider-page';
import { signatureHeader, SIGNATURE_HEADER, type CheckoutOutcome } from './provider';

// The local TEST payment provider (decision 044): its own small HTTP server on 127.0.0.1,
// playing what a real provider does — an API to create a session and read its status, a hosted card
// page, and signed notifications to the portal's webhook. A test or a newcomer chooses how the
// notification is delivered (now, late, twice, never) to exercise the portal's idempotency and its
// status read-back. Sessions live in memory: this server lives and dies with the app.

interface Session {
  id: string;
  amountCents: number;
  currency: string;
  reference: string;
  returnUrl: string;
  webhookUrl: string;
  outcome: CheckoutOutcome;
  /** The notification body, kept once signed-off: 'late' delivers it at the timer or on demand. */
  notification: string | null;
}

const createBody = z.object({
  amountCents: z.number().int().positive().max(100_000_000),
  currency: z.literal('EUR'),
  reference: z.string().min(1).max(200),
  returnUrl: z.string().url(),
  webhookUrl: z.string().url(),
});

export interface LocalProviderOptions {
  secret: string;
  port: number;
  /** How long a 'late' notification waits (it can also be pushed by POST /test/checkouts/:id/deliver). */
  lateMs?: number;
  /** The clock its signatures are dated by: the server's, so that a server started at another instant accepts them. */
  now: () => Date;
}

export interface LocalProvider {
  url: string;
  close(): Promise<void>;
}

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

export function localProviderApp(opts: LocalProviderOptions): { app: Hono; stop(): void } {
  const sessions = new Map<string, Session>();
  const timers = new Set<NodeJS.Timeout>();
  const app = new Hono();
  const authorised = (c: Context) => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    const expected = Buffer.from(`Bearer ${opts.secret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.use('/pay/*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', PAGE_CSP);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
  });

  app.post('/v1/checkouts', async (c) => {
    if (!authorised(c)) return c.json({ error: 'unauthorised' }, 401);
    const parsed = createBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid_request' }, 400);
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    sessions.set(id, { ...parsed.data, id, outcome: 'pending', notification: null });
    return c.json({ id, url: `${new URL(c.req.url).origin}/pay/${id}` }, 201);
  });

  app.get('/v1/checkouts/:id', (c) => {
    if (!authorised(c)) return c.json({ error: 'unauthorised' }, 401);
    const s = sessions.get(c.req.param('id'));
    if (!s) return c.json({ error: 'not_found' }, 404);
    return c.json({ id: s.id, status: s.outcome, amountCents: s.amountCents, reference: s.reference });
  });

  const sessionOr404 = (c: Context) => sessions.get(c.req.param('id') ?? '');
  const gone = (c: Context) =>
    c.html(messagePage('Session introuvable', 'Cette session de paiement n’existe pas ou a expiré.'), 404);
  const done = (c: Context, s: Session) => c.redirect(s.returnUrl, 303);

  app.get('/pay/:id', (c) => {
    const s = sessionOr404(c);
    if (!s) return gone(c);
    if (s.outcome !== 'pending') return done(c, s);
    return c.html(cardPage(s));
  });

  app.post('/pay/:id', async (c) => {
    const s = sessionOr404(c);
    if (!s) return gone(c);
    if (s.outcome !== 'pending') return done(c, s);
    const form = await c.req.parseBody();
    const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '');
    const delivery = deliveryOf(text('delivery'));
    const verdict = judgeCard({ number: text('number'), expiry: text('expiry'), cvc: text('cvc') });
    if ('errors' in verdict) return c.html(cardPage(s, verdict.errors, delivery), 422);
    if (verdict.outcome === '3ds') return c.html(secure3dPage(s, delivery));
    await settle(s, verdict.outcome, delivery);
    return done(c, s);
  });

  app.post('/pay/:id/3ds', async (c) => {
    const s = sessionOr404(c);
    if (!s) return gone(c);
    if (s.outcome !== 'pending') return done(c, s);
    const form = await c.req.parseBody();
    await settle(s, 'succeeded', deliveryOf(typeof form.delivery === 'string' ? form.delivery : ''));
    return done(c, s);
  });

  // Test control: delivers a session's notification now (the 'late' one, or once more for any).
  app.post('/test/checkouts/:id/deliver', async (c) => {
    if (!authorised(c)) return c.json({ error: 'unauthorised' }, 401);
    const s = sessionOr404(c);
    if (!s?.notification) return c.json({ error: 'not_found' }, 404);
    return c.json({ status: await deliver(s) });
  });

  async function settle(s: Session, outcome: 'succeeded' | 'failed', delivery: Delivery) {
    s.outcome = outcome;
    s.notification = JSON.stringify({
      type: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      checkoutId: s.id,
      reference: s.reference,
      amountCents: s.amountCents,
      currency: s.currency,
    });
    // Before the browser is redirected, as a real provider usually manages: the return page then
    // finds the payment settled. 'late' and 'never' leave the portal to read the status back.
    if (delivery === 'immediate') await deliver(s);
    if (delivery === 'twice') await Promise.all([deliver(s), deliver(s)]);
    if (delivery === 'late') {
      const t = setTimeout(() => {
        timers.delete(t);
        void deliver(s);
      }, opts.lateMs ?? 30_000);
      t.unref();
      timers.add(t);
    }
  }

  /** Posts the signed notification; the HTTP status, or 0 when the portal could not be reached. */
  async function deliver(s: Session): Promise<number> {
    const body = s.notification!;
    const signature = signatureHeader(opts.secret, Math.floor(opts.now().getTime() / 1000), body);
    try {
      const res = await fetch(s.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  return {
    app,
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

const deliveryOf = (v: string): Delivery =>
  (DELIVERIES as readonly string[]).includes(v) ? (v as Delivery) : 'immediate';

/** Starts the local provider on 127.0.0.1 (never on every interface: it is a test tool). */
export async function startLocalProvider(opts: LocalProviderOptions): Promise<LocalProvider> {
  const { app, stop } = localProviderApp(opts);
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: '127.0.0.1' }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        stop();
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
