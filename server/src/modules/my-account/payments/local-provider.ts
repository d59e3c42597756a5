import { z } from 'zod';
import {
  ProviderUnavailable,
  SIGNATURE_HEADER,
  verifySignature,
  type Checkout,
  type CheckoutRequest,
  type CheckoutStatus,
  type PaymentEvent,
  type PaymentProvider,
} from './provider';

// The adapter of the local test provider (local-provider-server.ts), spoken to over HTTP exactly as
// a real provider's adapter would be: a real one (Stancer, PayPlug, Stripe…) replaces only this file.

const notification = z.object({
  type: z.enum(['payment.succeeded', 'payment.failed']),
  checkoutId: z.string().min(1).max(200),
  reference: z.string(),
  amountCents: z.number().int(),
  currency: z.literal('EUR'),
});

const created = z.object({ id: z.string().min(1), url: z.string().url() });
const status = z.object({
  status: z.enum(['pending', 'succeeded', 'failed']),
  amountCents: z.number().int(),
  reference: z.string(),
});

export function localPaymentProvider(opts: { apiUrl: string; origin: string; secret: string }): PaymentProvider {
  const call = async (path: string, init: RequestInit = {}) => {
    try {
      const res = await fetch(`${opts.apiUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${opts.secret}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) throw new ProviderUnavailable(`prestataire local : HTTP ${res.status}`);
      return body;
    } catch (error) {
      throw error instanceof ProviderUnavailable ? error : new ProviderUnavailable(String(error));
    }
  };

  return {
    name: 'local',
    origin: opts.origin,
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const parsed = created.safeParse(await call('/v1/checkouts', { method: 'POST', body: JSON.stringify(request) }));
      if (!parsed.success) throw new ProviderUnavailable('prestataire local : réponse inattendue');
      // The browser goes to the configured public origin (PAYMENT_PROVIDER_URL), not the API's.
      const page = new URL(parsed.data.url);
      return { id: parsed.data.id, redirectUrl: `${opts.origin}${page.pathname}` };
    },
    verifyNotification(rawBody, header, now): PaymentEvent | null {
      if (!verifySignature(opts.secret, header(SIGNATURE_HEADER), rawBody, now)) return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const n = notification.safeParse(json);
      if (!n.success) return null;
      return {
        outcome: n.data.type === 'payment.succeeded' ? 'succeeded' : 'failed',
        checkoutId: n.data.checkoutId,
        reference: n.data.reference,
        amountCents: n.data.amountCents,
      };
    },
    async readStatus(checkoutId: string): Promise<CheckoutStatus> {
      const parsed = status.safeParse(await call(`/v1/checkouts/${encodeURIComponent(checkoutId)}`));
      if (!parsed.success) throw new ProviderUnavailable('prestataire local : réponse inattendue');
      return { outcome: parsed.data.status, amountCents: parsed.data.amountCents, reference: parsed.data.reference };
    },
  };
}

/** The provider of this configuration, or null when card payment is off. */
export function paymentProviderOf(payment: {
  provider: string;
  secret: string;
  origin: string | null;
  apiUrl?: string | null;
}): PaymentProvider | null {
  if (payment.provider !== 'local' || !payment.origin) return null;
  return localPaymentProvider({
    apiUrl: payment.apiUrl ?? payment.origin,
    origin: payment.origin,
    secret: payment.secret,
  });
}
