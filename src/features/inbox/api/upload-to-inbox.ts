import { getSession } from '../../../lib/session';
import type { DepositItem } from './inbox-types';

// POST /api/my-inbox/documents/upload with XMLHttpRequest: fetch cannot report upload progress.
// One function so the offline outbox can take over the sending later with the same signature.

export interface UploadOptions {
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** The same key on a retry makes the server store the file once (api-conventions). */
  idempotencyKey?: string;
}

export type InboxUploadResult =
  | { status: 'done'; response: { items: DepositItem[] } }
  | { status: 'failed'; httpStatus: number | null; message: string; errors: string[] }
  | { status: 'cancelled' };

export const NETWORK_FAILURE = 'Le serveur est injoignable : vérifiez votre connexion puis réessayez.';
const FALLBACK: Record<number, string> = {
  401: 'Votre session a expiré, veuillez vous reconnecter.',
  403: 'Vous n’avez pas le droit de déposer des fichiers ici.',
  413: 'Le fichier dépasse la taille maximale de 50 Mo.',
  415: 'Ce type de fichier n’est pas autorisé.',
};

/** Turns the server's answer into the result the screen shows (its French message when it gave one). */
export function resultFromResponse(status: number, bodyText: string): InboxUploadResult {
  let body: { message?: unknown; errors?: unknown; items?: unknown } | null = null;
  try {
    body = bodyText ? JSON.parse(bodyText) : null;
  } catch {
    body = null;
  }
  if (status >= 200 && status < 300 && body && Array.isArray(body.items)) return { status: 'done', response: { items: body.items as DepositItem[] } };
  if (status === 0) return { status: 'failed', httpStatus: null, message: NETWORK_FAILURE, errors: [] };
  const message = typeof body?.message === 'string' && body.message ? body.message : (FALLBACK[status] ?? 'Le dépôt a échoué. Réessayez dans un instant.');
  const errors = Array.isArray(body?.errors) ? body!.errors.filter((e): e is string => typeof e === 'string') : [];
  return { status: 'failed', httpStatus: status, message, errors };
}

export function uploadToInbox(files: Blob[] | File[], category: number, { onProgress, signal, idempotencyKey }: UploadOptions = {}): Promise<InboxUploadResult> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ status: 'cancelled' });
    const session = getSession();
    const form = new FormData();
    form.append('category', String(category));
    for (const f of files) form.append('file', f, f instanceof File ? f.name : 'fichier');

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/my-inbox/documents/upload');
    if (session?.token) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    if (session?.profile.userLastCompany != null) xhr.setRequestHeader('X-Company-Id', String(session.profile.userLastCompany));
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey ?? crypto.randomUUID());
    xhr.upload.onprogress = (e) => onProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => resolve(resultFromResponse(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve(resultFromResponse(0, ''));
    xhr.ontimeout = () => resolve(resultFromResponse(0, ''));
    xhr.onabort = () => resolve({ status: 'cancelled' });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
