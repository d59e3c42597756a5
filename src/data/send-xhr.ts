// The upload screens' sender (an EntrySender): XMLHttpRequest reports upload progress, fetch cannot.
// Same body, headers and outcome rules as send.ts, so a later attempt by the background replayer
// (fetch) is the very same request under the same Idempotency-Key.
import type { EntrySender } from './replayer';
import {
  buildBody,
  NETWORK_MESSAGE,
  outcomeOf,
  parseBody,
  timeoutFor,
  UNAUTHORIZED_MESSAGE,
  uploadBytes,
} from './send';

export interface XhrSenderOptions {
  /** The request starts (the entry's turn has come in the outbox). */
  onStart?: () => void;
  onProgress?: (loaded: number, total: number) => void;
  /** Aborting stops the request (or prevents it) and the entry leaves the outbox. */
  signal?: AbortSignal;
}

export function xhrSender({ onStart, onProgress, signal }: XhrSenderOptions = {}): EntrySender {
  return (entry, deps) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve({ kind: 'cancelled' });
      const token = deps.token();
      if (!token)
        return resolve({ kind: 'unauthorized', error: { httpStatus: 401, message: UNAUTHORIZED_MESSAGE, errors: [] } });
      const { body, json } = buildBody(entry);
      const xhr = new XMLHttpRequest();
      xhr.open(entry.method, `${deps.baseUrl}${entry.path}`);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('X-Company-Id', String(entry.companyId));
      xhr.setRequestHeader('Idempotency-Key', entry.idempotencyKey);
      if (json) xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.timeout = timeoutFor(entry, deps.timeoutMs);
      // Offline, reset or timed out: the server may have stored it or not; the same key makes both safe.
      const network = () =>
        resolve({ kind: 'network', error: { httpStatus: null, message: NETWORK_MESSAGE, errors: [] } });
      xhr.upload.onprogress = (e) =>
        onProgress?.(e.loaded, e.lengthComputable ? e.total : entry.file ? uploadBytes(entry.file) : 0);
      xhr.onload = () => {
        const status = xhr.status;
        if (status === 0) return network();
        resolve(
          outcomeOf(
            status,
            parseBody(status, xhr.responseText, xhr.getResponseHeader('content-type')),
            xhr.getResponseHeader('retry-after'),
            deps.now(),
          ),
        );
      };
      xhr.onerror = network;
      xhr.ontimeout = network;
      xhr.onabort = () => resolve({ kind: 'cancelled' });
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      onStart?.();
      xhr.send((body as XMLHttpRequestBodyInit | undefined) ?? null); // buildBody gives FormData or a string
    });
}
