// submit(req, { send }): an upload screen sends its own entry (XMLHttpRequest with progress) under
// the outbox's rules — stored first, same key on every attempt, background replays by fetch.
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { MutationRequest } from './outbox-types';
import { CANCELLED_MESSAGE, type EntrySender } from './replayer';
import { sendEntry, timeoutFor } from './send';
import { drainAll, makeHarness, type Harness } from './testing/harness';

const harnesses: Harness[] = [];
function harness(): Harness {
  const h = makeHarness();
  harnesses.push(h);
  return h;
}
afterEach(async () => {
  const done = harnesses.splice(0);
  done.forEach((h) => h.db.close());
  for (const h of done) await Dexie.delete(h.db.name);
});

const upload = (name: string): MutationRequest => ({
  method: 'POST',
  path: 'uploads',
  companyId: 7,
  docKey: `inbox:${name}`,
  label: `Dépôt du fichier « ${name} »`,
  kind: 'inbox.upload',
  file: { blob: new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), name, extra: { category: '30' } },
});

/** A sender that goes through the harness's fake API (like the real XHR does) and records what it saw. */
function recordingSender(seen: Array<{ key: string; stored: number }>, h: Harness): EntrySender {
  return async (entry, deps) => {
    seen.push({ key: entry.idempotencyKey, stored: await h.db.outbox.count() });
    return sendEntry(entry, deps);
  };
}

describe('outbox: a screen’s own sender', () => {
  it('is used for the interactive attempt, after the entry and its Blob are stored', async () => {
    const h = harness();
    const seen: Array<{ key: string; stored: number }> = [];
    const result = await h.outbox.submit(upload('a.pdf'), { send: recordingSender(seen, h) });
    expect(result).toEqual({ status: 'done', response: { id: 100 } });
    expect(seen).toEqual([{ key: h.api.applied[0].key, stored: 1 }]);
    expect(h.api.applied[0].body).toEqual({ category: '30', file: 'fichier:a.pdf:13' });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('server committed, answer lost: queued, then the background replay (fetch) reuses the key: one deposit', async () => {
    const h = harness();
    h.api.faults = ['networkAfter'];
    const seen: Array<{ key: string; stored: number }> = [];
    const result = await h.outbox.submit(upload('b.pdf'), { send: recordingSender(seen, h) });
    expect(result.status).toBe('queued');
    expect(await h.db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 1, idempotencyKey: seen[0].key }]);
    await drainAll(h);
    expect(seen).toHaveLength(1); // the screen's sender served the interactive attempt only
    expect(h.api.requests).toBe(2);
    expect(h.api.applied.map((a) => a.key)).toEqual([seen[0].key]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a refusal (413/415) is returned with the server’s words and never retried', async () => {
    const h = harness();
    const refuse: EntrySender = async () => ({
      kind: 'failed',
      error: { httpStatus: 413, message: 'Le fichier « c.pdf » dépasse la taille maximale de 50 Mo.', errors: [] },
    });
    const result = await h.outbox.submit(upload('c.pdf'), { send: refuse });
    expect(result).toEqual({
      status: 'failed',
      httpStatus: 413,
      message: 'Le fichier « c.pdf » dépasse la taille maximale de 50 Mo.',
      errors: [],
    });
    expect(await h.db.outbox.count()).toBe(0);
    await drainAll(h);
    expect(h.api.requests).toBe(0);
  });

  it('cancelled by the user: the entry leaves the outbox', async () => {
    const h = harness();
    const result = await h.outbox.submit(upload('d.pdf'), { send: async () => ({ kind: 'cancelled' }) });
    expect(result).toEqual({
      status: 'failed',
      httpStatus: 0,
      message: CANCELLED_MESSAGE,
      errors: [CANCELLED_MESSAGE],
    });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('offline: queued without calling the sender; replayed once back online', async () => {
    const h = harness();
    h.net.online = false;
    let calls = 0;
    const result = await h.outbox.submit(upload('e.pdf'), { send: async (e, d) => (calls++, sendEntry(e, d)) });
    expect(result.status).toBe('queued');
    h.net.online = true;
    await h.outbox.replay({ force: true });
    expect(calls).toBe(0);
    expect(h.api.applied).toHaveLength(1);
  });

  it('each file learns its outcome as soon as it is known, not after the files behind it', async () => {
    const h = harness();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = h.outbox.submit(upload('f1.pdf'), { send: (e, d) => sendEntry(e, d) });
    const second = h.outbox.submit(upload('f2.pdf'), { send: async (e, d) => (await gate, sendEntry(e, d)) });
    expect((await first).status).toBe('done');
    expect(h.api.applied).toHaveLength(1);
    release();
    expect((await second).status).toBe('done');
    expect(h.api.applied).toHaveLength(2);
  });

  it('gives an upload time in proportion to its size', () => {
    expect(timeoutFor({}, 30_000)).toBe(30_000);
    expect(
      timeoutFor({ file: { blob: { size: 52428800 } as Blob, name: 'a.pdf', field: 'file', extra: {} } }, 30_000),
    ).toBe(30_000 + 1049 * 1000);
  });
});
