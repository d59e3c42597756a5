// One HTTP attempt for one outbox entry, classified into what the replayer does next. It uses
// fetch directly, not the app's ky client: ky's global 401 handler signs out (and would wipe the
// database holding this very outbox), and ky retries are not keyed.
import { bodyToWire, fromWireDeep } from '../domain/wire-names';
import { retryAfterMs } from './backoff';
import type { OutboxEntry, OutboxError } from './outbox-types';

export type SendOutcome =
  | { kind: 'done'; response: unknown; serverId: string | number | null }
  | { kind: 'failed'; error: OutboxError }
  | { kind: 'retry'; error: OutboxError; retryAfter: number | null }
  | { kind: 'unauthorized'; error: OutboxError }
  | { kind: 'network'; error: OutboxError };

export interface SendDeps {
  fetch: typeof fetch;
  /** '/api/' in the app; an absolute URL in tests and benches. */
  baseUrl: string;
  token: () => string | null;
  now: () => number;
  timeoutMs: number;
}

export const NETWORK_MESSAGE = 'Serveur injoignable : la modification sera envoyée dès le retour de la connexion.';
export const UNAUTHORIZED_MESSAGE =
  'Votre session a expiré : reconnectez-vous pour envoyer les modifications en attente.';

export function buildBody(entry: OutboxEntry): { body?: BodyInit; json: boolean } {
  if (entry.file) {
    const form = new FormData();
    for (const [name, value] of Object.entries(entry.file.extra)) form.append(name, value);
    // A field-only form (an answer's text without a file): no file part.
    if (entry.file.field) {
      form.append(entry.file.field, entry.file.blob, entry.file.name);
      for (const more of entry.file.more ?? []) form.append(entry.file.field, more.blob, more.name);
    }
    return { body: form, json: false };
  }
  // The outbox keeps the domain's names; the spec's misspellings are written only here (wire-names.ts).
  if (entry.body === undefined) return { json: false };
  return { body: JSON.stringify(bodyToWire(entry.path, entry.body)), json: true };
}

/** The answer's body: JSON when the server says so, else the text (null when empty). */
export function parseBody(status: number, text: string, contentType: string | null): unknown {
  if (status === 204 || !text) return null;
  if ((contentType ?? '').includes('json')) {
    try {
      return fromWireDeep(JSON.parse(text));
    } catch {
      return text;
    }
  }
  return text;
}

async function readBody(res: Response): Promise<unknown> {
  return parseBody(res.status, await res.text(), res.headers.get('content-type'));
}

/** An upload may take long on a slow line: 30 s plus 1 s per 50 ko (a 50 Mo file: about 17 min). */
export function timeoutFor(entry: Pick<OutboxEntry, 'file'>, baseMs: number): number {
  return entry.file ? baseMs + Math.ceil(uploadBytes(entry.file) / 50_000) * 1000 : baseMs;
}

/** The bytes of an upload's files, all parts together. */
export function uploadBytes(file: NonNullable<OutboxEntry['file']>): number {
  return (file.more ?? []).reduce((sum, f) => sum + f.blob.size, file.blob.size);
}

function errorOf(status: number, body: unknown, fallback: string): OutboxError {
  const b = (body && typeof body === 'object' ? body : {}) as { message?: unknown; errors?: unknown; field?: unknown };
  const errors = Array.isArray(b.errors) ? b.errors.filter((e): e is string => typeof e === 'string') : [];
  const error: OutboxError = {
    httpStatus: status,
    message: typeof b.message === 'string' && b.message ? b.message : fallback,
    errors,
  };
  if (typeof b.field === 'string') error.field = b.field;
  return error;
}

export async function sendEntry(entry: OutboxEntry, deps: SendDeps): Promise<SendOutcome> {
  const token = deps.token();
  if (!token) return { kind: 'unauthorized', error: { httpStatus: 401, message: UNAUTHORIZED_MESSAGE, errors: [] } };
  const { body, json } = buildBody(entry);
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${token}`,
    'x-company-id': String(entry.companyId),
    'idempotency-key': entry.idempotencyKey,
  };
  if (json) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await deps.fetch(`${deps.baseUrl}${entry.path}`, {
      method: entry.method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutFor(entry, deps.timeoutMs)),
    });
  } catch {
    // Offline, refused, reset or timed out: the server may or may not have applied it; the same key
    // on the next attempt makes both cases safe.
    return { kind: 'network', error: { httpStatus: null, message: NETWORK_MESSAGE, errors: [] } };
  }
  let parsed: unknown;
  try {
    parsed = await readBody(res);
  } catch {
    return { kind: 'network', error: { httpStatus: null, message: NETWORK_MESSAGE, errors: [] } };
  }
  return outcomeOf(res.status, parsed, res.headers.get('retry-after'), deps.now());
}

/** What the replayer does with an answer; shared by fetch and the upload screen's XMLHttpRequest. */
export function outcomeOf(status: number, parsed: unknown, retryAfter: string | null, now: number): SendOutcome {
  if (status >= 200 && status < 300) {
    const id = (parsed as { id?: unknown } | null)?.id;
    return { kind: 'done', response: parsed, serverId: typeof id === 'number' || typeof id === 'string' ? id : null };
  }
  if (status === 401) return { kind: 'unauthorized', error: errorOf(401, null, UNAUTHORIZED_MESSAGE) };
  if (status === 408 || status === 429 || status >= 500) {
    return {
      kind: 'retry',
      error: errorOf(
        status,
        parsed,
        `Le serveur est momentanément indisponible (erreur ${status}) : nouvel essai automatique.`,
      ),
      retryAfter: retryAfterMs(retryAfter, now),
    };
  }
  return { kind: 'failed', error: errorOf(status, parsed, `Le serveur a refusé la modification (erreur ${status}).`) };
}

/** A plain GET with the session's token (the current version of a draft before overwriting it); null when it fails. */
export async function readJson(path: string, companyId: number, deps: SendDeps): Promise<unknown> {
  const token = deps.token();
  if (!token) return null;
  try {
    const res = await deps.fetch(`${deps.baseUrl}${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'x-company-id': String(companyId) },
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    return res.ok ? fromWireDeep(await res.json()) : null;
  } catch {
    return null;
  }
}
