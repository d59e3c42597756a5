import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { StartupError } from '../../../startup/startup-error';

// Card payment configuration (decision 044), validated at start with env.ts.
// PAYMENT_PROVIDER: 'local' is the test provider started with the app (no real card is ever
// charged); 'none' turns card payment off (503). Unset: 'local', except in production without demo
// data, where nothing fake may be offered to real clients.

const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const paymentEnv = {
  PAYMENT_PROVIDER: optional(z.enum(['local', 'none'], { message: 'local ou none' })),
  /** The notifications' HMAC key (and the local provider's API key). Unset for 'local': generated at each start. */
  PAYMENT_SECRET: optional(z.string().min(32, { message: 'au moins 32 caractères' })),
  /** Where the browser reaches the provider (the local one: its own address by default). */
  PAYMENT_PROVIDER_URL: optional(
    z.string().regex(/^https?:\/\/[^\s/?#]+\/?$/, { message: 'origine http(s)://hôte[:port]' }),
  ),
  /** The local provider's port on 127.0.0.1 (0: a free one). */
  PAYMENT_PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
};

export interface PaymentSettings {
  provider: 'local' | 'none';
  secret: string;
  port: number;
  /** The provider's origin for the browser; for 'local' filled in by startServer once its port is known. */
  origin: string | null;
  /** Where the server calls the local provider (its 127.0.0.1 address), filled in by startServer. */
  apiUrl: string | null;
}

type PaymentEnv = {
  NODE_ENV: string;
  PAYMENT_PROVIDER?: 'local' | 'none';
  PAYMENT_SECRET?: string;
  PAYMENT_PROVIDER_URL?: string;
  PAYMENT_PROVIDER_PORT: number;
};

export function paymentSettings(env: PaymentEnv, seedDemo: boolean): PaymentSettings {
  const provider = env.PAYMENT_PROVIDER ?? (env.NODE_ENV === 'production' && !seedDemo ? 'none' : 'local');
  if (provider === 'local' && env.NODE_ENV === 'production' && !seedDemo && env.PAYMENT_PROVIDER)
    throw new StartupError(
      'PAYMENT_PROVIDER=local est un prestataire de paiement de TEST : il est refusé en production sans ' +
        'données de démonstration (SEED_DEMO). Configurez un vrai prestataire ou PAYMENT_PROVIDER=none.',
    );
  return {
    provider,
    // A generated key is enough for the local provider: it lives and dies with this process.
    secret: env.PAYMENT_SECRET ?? randomBytes(32).toString('hex'),
    port: env.PAYMENT_PROVIDER_PORT,
    origin: env.PAYMENT_PROVIDER_URL ? new URL(env.PAYMENT_PROVIDER_URL).origin : null,
    apiUrl: null,
  };
}
