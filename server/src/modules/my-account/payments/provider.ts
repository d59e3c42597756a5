import { createHmac, timingSafeEqual } from 'node:crypto';

// Decision 044: what the portal needs from a card payment provider. The card never
// reaches the portal: it creates a session, sends the browser to the provider's hosted page, and
// believes only the provider's signed server-to-server notification (or its status read back).
// One adapter per provider implements this; local-provider.ts is the one for development and tests.

export interface CheckoutRequest {
  amountCents: number;
  currency: 'EUR';
  /** Shown on the hosted page and echoed in the notification (the invoice number, or the balance's). */
  reference: string;
  /** Where the browser comes back: carries only the portal's payment id, never an amount or a status. */
  returnUrl: string;
  /** The portal's notification endpoint (POST /api/payments/notifications/:provider). */
  webhookUrl: string;
}

export interface Checkout {
  /** The provider's id of the session: the key that makes a notification received twice count once. */
  id: string;
  /** The hosted page the browser is sent to. */
  redirectUrl: string;
}

export type CheckoutOutcome = 'pending' | 'succeeded' | 'failed';

/** A verified notification. */
export interface PaymentEvent {
  outcome: Exclude<CheckoutOutcome, 'pending'>;
  checkoutId: string;
  reference: string;
  amountCents: number;
}

export interface CheckoutStatus {
  outcome: CheckoutOutcome;
  amountCents: number;
  reference: string;
}

export interface PaymentProvider {
  /** The name in the notification path and in card_payments.provider. */
  readonly name: string;
  /** The origin of the hosted page: the CSP lets the app send the browser there (form-action). */
  readonly origin: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Checks the signature over the RAW body (before any parsing: re-serialised JSON would not match)
   * in constant time, and the timestamp's freshness; null when anything is wrong.
   */
  verifyNotification(rawBody: string, header: (name: string) => string | undefined, now: Date): PaymentEvent | null;
  /** Asked when a notification is late or lost. */
  readStatus(checkoutId: string): Promise<CheckoutStatus>;
}

/** The header of the local provider's notifications: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'x-payment-signature';
/** A notification signed longer ago (or ahead) than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

/** True when `header` signs `rawBody` with `secret`, within the tolerance around `now`. */
export function verifySignature(secret: string, header: string | undefined, rawBody: string, now: Date): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signPayload(secret, t, rawBody), 'hex');
  // Same length by the regex above; timingSafeEqual leaks nothing about where the bytes differ.
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export class ProviderUnavailable extends Error {}
