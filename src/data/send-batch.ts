// Several outbox entries in one request to POST /api/sync/batch (decision 026). The server applies
// each item as if it had been sent alone (its route, its rights, its Idempotency-Key and stored
// answer), so each item's answer is classified by the very rules of a single send (outcomeOf).
import { bodyToWire, fromWireDeep } from '../domain/wire-names';
import type { OutboxEntry, OutboxError } from './outbox-types';
import { NETWORK_MESSAGE, outcomeOf, UNAUTHORIZED_MESSAGE, type SendDeps, type SendOutcome } from './send';

/** As the contract's MAX_BATCH_ITEMS (src/contract/sync.ts), without loading zod into the replayer. */
export const MAX_BATCH_ITEMS = 100;
export const BATCH_PATH = 'sync/batch';
const LOST_MESSAGE = 'La réponse du serveur ne mentionne pas cette modification : nouvel essai automatique.';

/** An item the server did not try: the change before it, in the same batch, was not applied (424). */
export type SkippedOutcome = { kind: 'skipped' };

export type BatchResult =
  /** One outcome per entry, in the entries' order. */
  | { kind: 'answered'; outcomes: Array<SendOutcome | SkippedOutcome> }
  /** The whole request went wrong the same way for every entry (offline, 401, 5xx…). */
  | { kind: 'whole'; outcome: SendOutcome }
  /** This server has no batch endpoint (an older one) or refused the batch itself: send them one by one. */
  | { kind: 'unsupported' };

interface ItemAnswer {
  key: string;
  status: number;
  body: unknown;
  retryAfter?: number;
}

export async function sendBatch(entries: OutboxEntry[], deps: SendDeps): Promise<BatchResult> {
  const token = deps.token();
  if (!token) return whole({ kind: 'unauthorized', error: error(401, UNAUTHORIZED_MESSAGE) });
  // Each item is the request a single send would make: same key, path, company and JSON text. A
  // document's later changes follow its earlier one in the same batch, `after` it (decision 033).
  const lastOfDocument = new Map<string, string>();
  const chained = new Set<string>();
  const items = entries.map((e) => {
    const after = lastOfDocument.get(e.docKey);
    lastOfDocument.set(e.docKey, e.idempotencyKey);
    if (after !== undefined) chained.add(e.idempotencyKey);
    return {
      key: e.idempotencyKey,
      method: e.method,
      path: e.path,
      ...(e.body === undefined ? {} : { body: bodyToWire(e.path, e.body) }),
      companyId: e.companyId,
      ...(after === undefined ? {} : { after }),
    };
  });
  let res: Response;
  let parsed: unknown;
  try {
    res = await deps.fetch(`${deps.baseUrl}${BATCH_PATH}`, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
      // The server applies the items one after the other: the line's timeout plus time per item.
      signal: AbortSignal.timeout(deps.timeoutMs + entries.length * 1000),
    });
    const text = await res.text();
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Offline, reset, timed out or cut mid-answer: some items may be applied; their keys make the retry safe.
    return whole({ kind: 'network', error: error(null, NETWORK_MESSAGE) });
  }
  if ([400, 404, 405, 413, 415, 422].includes(res.status)) return { kind: 'unsupported' };
  if (res.status < 200 || res.status >= 300)
    return whole(outcomeOf(res.status, parsed, res.headers.get('retry-after'), deps.now()));
  const answers = new Map(((parsed as { items?: ItemAnswer[] } | null)?.items ?? []).map((a) => [a.key, a] as const));
  const now = deps.now();
  return {
    kind: 'answered',
    outcomes: entries.map((e): SendOutcome | SkippedOutcome => {
      const a = answers.get(e.idempotencyKey);
      if (!a) return { kind: 'retry', error: error(null, LOST_MESSAGE), retryAfter: null };
      if (a.status === 424 && chained.has(e.idempotencyKey)) return { kind: 'skipped' };
      return outcomeOf(a.status, fromWireDeep(a.body), a.retryAfter == null ? null : String(a.retryAfter), now);
    }),
  };
}

const whole = (outcome: SendOutcome): BatchResult => ({ kind: 'whole', outcome });
const error = (httpStatus: number | null, message: string): OutboxError => ({ httpStatus, message, errors: [] });
