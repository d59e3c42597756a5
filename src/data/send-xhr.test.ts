import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './outbox-types';
import { NETWORK_MESSAGE } from './send';
import { xhrSender } from './send-xhr';

/** Just enough of XMLHttpRequest: the test plays the network's part. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  timeout = 0;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

const entry: OutboxEntry = {
  id: 'e1',
  seq: 1,
  createdAt: 0,
  updatedAt: 0,
  state: 'sending',
  method: 'POST',
  path: 'my-inbox/documents/upload',
  file: {
    blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
    name: 'a.pdf',
    field: 'file',
    extra: { category: '30' },
  },
  companyId: 7,
  docKey: 'inbox:a',
  label: 'Dépôt',
  kind: 'inbox.upload',
  idempotencyKey: 'cle-idem-0001',
  attempts: 0,
  nextAttemptAt: 0,
};
const deps = { fetch: globalThis.fetch, baseUrl: '/api/', token: () => 'jeton', now: () => 0, timeoutMs: 30_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('xhrSender', () => {
  it('sends the entry as multipart with its key and company, and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[][] = [];
    const onStart = vi.fn();
    const pending = xhrSender({ onStart, onProgress: (l, t) => progress.push([l, t]) })(entry, deps);
    const xhr = FakeXhr.last!;
    expect(onStart).toHaveBeenCalledOnce();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/my-inbox/documents/upload']);
    expect(xhr.headers).toMatchObject({
      authorization: 'Bearer jeton',
      'x-company-id': '7',
      'idempotency-key': 'cle-idem-0001',
    });
    expect((xhr.body as FormData).get('category')).toBe('30');
    expect(((xhr.body as FormData).get('file') as File).name).toBe('a.pdf');
    xhr.upload.onprogress!({ loaded: 4, total: 8, lengthComputable: true });
    xhr.answer(201, { items: [{ id: 1 }] });
    await expect(pending).resolves.toEqual({ kind: 'done', response: { items: [{ id: 1 }] }, serverId: null });
    expect(progress).toEqual([[4, 8]]);
  });

  it('keeps the server’s French refusal, retries 5xx, and treats a lost connection as offline', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = xhrSender()(entry, deps);
    FakeXhr.last!.answer(415, { message: 'Le type du fichier « a.pdf » n’est pas autorisé.' });
    await expect(refused).resolves.toEqual({
      kind: 'failed',
      error: { httpStatus: 415, message: 'Le type du fichier « a.pdf » n’est pas autorisé.', errors: [] },
    });
    const busy = xhrSender()(entry, deps);
    FakeXhr.last!.answer(503, { message: 'Indisponible.' }, { 'content-type': 'application/json', 'retry-after': '2' });
    await expect(busy).resolves.toMatchObject({ kind: 'retry', retryAfter: 2000 });
    const lost = xhrSender()(entry, deps);
    FakeXhr.last!.onerror!();
    await expect(lost).resolves.toEqual({
      kind: 'network',
      error: { httpStatus: null, message: NETWORK_MESSAGE, errors: [] },
    });
  });

  it('cancel: aborts the request, or never starts it when already cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const sending = xhrSender({ signal: controller.signal })(entry, deps);
    controller.abort();
    await expect(sending).resolves.toEqual({ kind: 'cancelled' });
    FakeXhr.last = null;
    await expect(xhrSender({ signal: controller.signal })(entry, deps)).resolves.toEqual({ kind: 'cancelled' });
    expect(FakeXhr.last).toBeNull();
  });

  it('without a session, nothing is sent and the outbox pauses (401)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await expect(xhrSender()(entry, { ...deps, token: () => null })).resolves.toMatchObject({ kind: 'unauthorized' });
    expect(FakeXhr.last).toBeNull();
  });
});
