import type { Config } from '../../../env';
import { startLocalProvider } from './local-provider-server';
import { TEST_CARDS } from './local-provider-page';

// Started by startServer before the app is built, so the CSP and the payment routes know the
// provider's origin. Only the local test provider runs inside the app; a real one is elsewhere.

export async function startPaymentProvider(
  config: Config,
  now: () => Date,
): Promise<{ close(): Promise<void> } | null> {
  const payment = config.payment;
  if (payment.provider !== 'local') return null;
  const local = await startLocalProvider({ secret: payment.secret, port: payment.port, now });
  payment.apiUrl = local.url;
  payment.origin ??= local.url;
  if (config.env.NODE_ENV !== 'test')
    console.info(
      `Paiement par carte : prestataire de TEST local sur ${payment.origin} — aucune carte réelle n’est débitée ` +
        `(cartes ${TEST_CARDS.accepted} acceptée, ${TEST_CARDS.refused} refusée, ${TEST_CARDS.secure3d} 3-D Secure). ` +
        'Configurez PAYMENT_PROVIDER pour un vrai prestataire.',
    );
  return local;
}
