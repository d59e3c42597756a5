import type { Hono } from 'hono';
import { api } from '../../../../../src/contract/index';
import { badRequest, conflict, HttpError, notFound } from '../../../http/errors';
import { recordIdempotentResponse, releaseIdempotencyKey, reserveIdempotencyKey } from '../../../http/idempotency';
import { createModule } from '../../../http/route';
import type { AppEnv, Deps } from '../../../http/types';
import { idParam, pathParam } from '../../../http/validate';
import { firmInvoiceOf, statementBalance } from '../service';
import { cents, euros } from '../money';
import {
  companyCardPayment,
  deleteCardPayment,
  insertCardPayment,
  paymentOfCheckout,
  setCheckout,
} from './card-payments';
import { paymentProviderOf } from './local-provider';
import { ProviderUnavailable, type PaymentProvider } from './provider';
import { settlePayment, toCardPayment, type CardPaymentRow } from './settle';

// Decision 044: card payment of the firm's invoices from « Mon compte ». The server sets
// the amount (never the browser), the provider's hosted page takes the card, and only the provider's
// signed notification — or its status read back when the notification is late — settles a payment.

const VIEW = { menu: 'monCompte', permission: 'view' } as const;
export const PAYMENT_NOT_FOUND = 'Paiement introuvable.';
export const INVOICE_NOT_FOUND = 'Facture introuvable.';
export const NOTHING_TO_PAY = 'Rien à payer : cette facture est déjà réglée.';
export const BALANCE_SETTLED = 'Rien à payer : le solde de votre compte est nul.';
export const PROVIDER_DOWN =
  'Le paiement par carte est momentanément indisponible. Réessayez dans quelques minutes ou contactez votre cabinet.';
export const PAYMENT_OFF = 'Le paiement par carte n’est pas proposé sur ce portail.';
export const BAD_NOTIFICATION = 'Notification de paiement invalide.';
/** A pending payment is asked to the provider once its notification is this late. */
export const READ_BACK_AFTER_MS = 10_000;

const unavailable = (message: string) => new HttpError(503, message);

export function paymentsModule(deps: Deps): Hono<AppEnv> {
  const { app, route } = createModule(deps, '/api', 'Mon compte');
  const provider = paymentProviderOf(deps.config.payment);

  route(api.myAccount.startPayment, { right: VIEW, transaction: 'own' }, async (c, { body }) => {
    if (!provider) throw unavailable(PAYMENT_OFF);
    const companyId = c.get('company').id;
    const target = await amountToPay(deps, companyId, body.invoiceId);
    await reserveIdempotencyKey(deps, c);
    const row = await insertCardPayment(deps.db, {
      clientCompanyId: companyId,
      invoiceId: body.invoiceId,
      userId: c.get('user').id,
      amount: euros(target.amountCents).toFixed(2),
      reference: target.reference,
      provider: provider.name,
      createdAt: deps.now(),
    });
    const base = deps.config.publicUrl ?? '';
    let checkout;
    try {
      checkout = await provider.createCheckout({
        amountCents: target.amountCents,
        currency: 'EUR',
        reference: target.reference,
        // Only the payment's id: the return page reads the state from the server (getPayment).
        returnUrl: `${base}/mon-compte-${deps.config.branding.productSlug}/paiement/${row.id}`,
        webhookUrl: `${base}/api/payments/notifications/${provider.name}`,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      console.warn(`Paiement par carte ${row.id} : session non créée chez le prestataire`, error.message);
      await deleteCardPayment(deps.db, row.id);
      await releaseIdempotencyKey(deps.db, c); // nothing happened: the same key may try again
      throw unavailable(PROVIDER_DOWN);
    }
    const answer = await deps.db.transaction(async (tx) => {
      const saved = await setCheckout(tx, row.id, checkout.id);
      const json = { ...toCardPayment(saved), redirectUrl: checkout.redirectUrl };
      await recordIdempotentResponse(tx, c, 201, json);
      return json;
    });
    return c.json(answer, 201);
  });

  route(api.myAccount.getPayment, { right: VIEW }, async (c) => {
    const row = await companyCardPayment(deps.db, c.get('company').id, idParam(c));
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    return c.json(toCardPayment(await readBackIfLate(deps, provider, row)));
  });

  route(api.myAccount.paymentNotification, {}, async (c) => {
    // The raw text, exactly as signed: the body is never parsed before its signature is checked.
    const raw = await c.req.text();
    if (!provider || pathParam(c, 'provider') !== provider.name) throw badRequest(BAD_NOTIFICATION);
    const event = provider.verifyNotification(raw, (name) => c.req.header(name), deps.now());
    if (!event) {
      console.warn('Notification de paiement refusée : signature absente, invalide ou périmée.');
      throw badRequest(BAD_NOTIFICATION);
    }
    const row = await paymentOfCheckout(deps.db, provider.name, event.checkoutId);
    // Signed, but not about what we asked: nothing changes and the provider hears it.
    if (!row || cents(row.amount) !== event.amountCents || row.reference !== event.reference) {
      console.warn(`Notification de paiement sans paiement correspondant (session ${event.checkoutId}).`);
      throw badRequest(BAD_NOTIFICATION);
    }
    await settlePayment(deps, row.id, event.outcome);
    return c.body(null, 204);
  });

  return app;
}

/** The amount and reference of a payment, from the server's records only. */
async function amountToPay(deps: Deps, companyId: number, invoiceId: number | null) {
  if (invoiceId !== null) {
    const invoice = await firmInvoiceOf(deps.db, companyId, invoiceId, deps.now());
    if (!invoice || invoice.type !== 'Facture') throw notFound(INVOICE_NOT_FOUND);
    if (invoice.remainingCents <= 0) throw conflict(NOTHING_TO_PAY);
    return { amountCents: invoice.remainingCents, reference: invoice.number };
  }
  const balance = await statementBalance(deps.db, companyId);
  if (!balance || balance.balanceCents <= 0) throw conflict(BALANCE_SETTLED);
  return { amountCents: balance.balanceCents, reference: `Solde du compte ${companyId}` };
}

/**
 * The notification is the normal way; when it is late (or lost), the provider's own record of the
 * session decides, checked against what we asked. A provider that does not answer leaves it pending.
 */
async function readBackIfLate(
  deps: Deps,
  provider: PaymentProvider | null,
  row: CardPaymentRow,
): Promise<CardPaymentRow> {
  if (row.status !== 'pending' || !row.checkoutId || !provider || row.provider !== provider.name) return row;
  if (deps.now().getTime() - row.createdAt.getTime() < READ_BACK_AFTER_MS) return row;
  try {
    const status = await provider.readStatus(row.checkoutId);
    if (status.outcome === 'pending') return row;
    if (status.amountCents !== cents(row.amount) || status.reference !== row.reference) {
      console.warn(`Paiement par carte ${row.id} : l’état lu chez le prestataire ne correspond pas.`);
      return row;
    }
    return (await settlePayment(deps, row.id, status.outcome)) ?? row;
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    console.warn(`Paiement par carte ${row.id} : état illisible chez le prestataire`, error.message);
    return row;
  }
}
