import { z } from 'zod';
import { endpoint } from './endpoint';
import { id, safeText } from './common';

// The outbox's batch (decision 026): many queued changes in one request. Each item is
// applied by the server as if sent alone (same route, rights, validation, transaction and stored
// Idempotency-Key answer), in the order given; one item's failure does not stop the others.

/** More items than this in one batch: 413 (the client sends at most this many). */
export const MAX_BATCH_ITEMS = 100;
export const BATCH_TOO_LARGE = `Un lot contient au plus ${MAX_BATCH_ITEMS} modifications : envoyez les suivantes dans un autre lot.`;
export const DUPLICATE_BATCH_KEY = 'Deux modifications du lot portent la même clé d’idempotence.';
export const AFTER_NOT_BEFORE =
  'Une modification du lot doit suivre une modification placée avant elle dans le même lot (champ after).';
/** The answer of an item whose previous change (`after`) was not applied: nothing was done. */
export const NOT_APPLIED_AFTER_FAILURE =
  'Modification non appliquée : la modification précédente du même document n’a pas abouti.';

const batchItem = z.object({
  /** The item's Idempotency-Key (as its header would be). */
  key: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Clé d’idempotence invalide (8 à 128 caractères alphanumériques).'),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** Under /api/, without the leading slash (`invoices/12/validate`). */
  path: safeText(1000).regex(/^[^/?#][^?#]*$/, 'Chemin invalide (relatif à /api/, sans paramètres).'),
  /** Its JSON body, as it would be sent alone. */
  body: z.unknown().optional(),
  /** Its X-Company-Id; the batch's own when absent. */
  companyId: id.optional(),
  /**
   * The key of an earlier item of this batch (the previous change of the same document): this one
   * is applied only if that one was (2xx); otherwise it is answered 424 and left untouched, to be
   * sent again once the change before it is settled (decision 033).
   */
  after: z.string().optional(),
});
export type BatchItem = z.output<typeof batchItem>;

const batchAnswer = z.object({
  key: z.string(),
  /** The status the change alone would have got (a 422, a 409, a 403…). */
  status: z.number().int(),
  /** Its body (JSON), null for 204 or an empty answer. */
  body: z.unknown(),
  /** Seconds, when the item was answered 429/503 with Retry-After. */
  retryAfter: z.number().optional(),
});
export type BatchAnswer = z.output<typeof batchAnswer>;

export const batch = endpoint({
  method: 'post',
  path: '/sync/batch',
  tag: 'Synchronisation',
  // The batch is the outbox's transport, not a change of its own: each item carries its key.
  offline: 'online-only',
  summary: 'Applique plusieurs modifications en file, chacune avec sa clé d’idempotence et sa réponse',
  body: z.object({ items: z.array(batchItem).min(1) }),
  responses: { 200: z.object({ items: z.array(batchAnswer) }) },
  errors: {
    413: BATCH_TOO_LARGE,
    422: `${DUPLICATE_BATCH_KEY} / ${AFTER_NOT_BEFORE}`,
  },
});
