import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MutationRequest } from './outbox-types';
import { QUOTA_MESSAGE } from './quota';
import { DEFAULT_CONCURRENCY, ORPHAN_MESSAGE } from './replayer';
import { newTempId } from './temp-ids';
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

const save = (doc: string | number, op: string, extra: Partial<MutationRequest> = {}): MutationRequest => ({
  method: 'PUT',
  path: `docs/${doc}`,
  body: { op },
  companyId: 7,
  docKey: `doc:${doc}`,
  label: `Enregistrement ${op}`,
  kind: 'doc.save',
  ...extra,
});
const create = (tmp: string, op: string): MutationRequest => ({
  method: 'POST',
  path: 'docs',
  body: { op },
  companyId: 7,
  docKey: `doc:${tmp}`,
  label: 'Création',
  kind: 'doc.create',
  createsTempId: tmp,
});
const keysSent = (h: Harness) => h.api.applied.map((a) => a.key);

describe('outbox: online, interactive', () => {
  it('stores the change, sends it at once with its key and company, and returns the server answer', async () => {
    const h = harness();
    const tmp = newTempId();
    const result = await h.outbox.submit(create(tmp, 'créer'));
    expect(result).toEqual({ status: 'done', response: { id: 100 } });
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.api.applied).toHaveLength(1);
    expect(h.api.applied[0].company).toBe('7');
    expect(h.api.applied[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await h.db.idMap.get(tmp))?.serverId).toBe(100);
  });

  it('a 422 answer is returned with the server’s words and the entry is removed', async () => {
    const h = harness();
    const result = await h.outbox.submit(save(1, 'x', { body: { reject: true } }));
    expect(result).toEqual({
      status: 'failed',
      httpStatus: 422,
      message: 'La facture ne respecte pas les règles.',
      errors: ['Le client est obligatoire.'],
    });
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('outbox: faults', () => {
  it('offline: the entry is written before any request and replayed once back online', async () => {
    const h = harness();
    h.net.online = false;
    const tmp = newTempId();
    expect((await h.outbox.submit(create(tmp, 'créer'))).status).toBe('queued');
    expect(h.api.requests).toBe(0);
    expect(await h.db.outbox.toArray()).toMatchObject([{ state: 'pending', kind: 'doc.create', attempts: 0 }]);
    h.net.online = true;
    await h.outbox.replay();
    expect(h.api.applied).toHaveLength(1);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('network error before the server committed: retried later with the same key, applied once', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.api.faults = ['networkBefore'];
    const result = await h.outbox.submit(save(1, 'a'));
    expect(result.status).toBe('queued');
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: h.clock.now + 2000 });
    await h.outbox.replay();
    expect(h.api.requests).toBe(1); // still in backoff
    h.clock.now += 2000;
    await h.outbox.replay();
    expect(keysSent(h)).toEqual([entry.idempotencyKey]);
    expect(h.api.docs.get(1)).toEqual(['a']);
  });

  it('network error AFTER the server committed: the replay gets the stored answer, nothing applied twice', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.api.faults = ['networkAfter'];
    expect((await h.outbox.submit(save(1, 'a'))).status).toBe('queued');
    expect(h.api.docs.get(1)).toEqual(['a']);
    await drainAll(h);
    expect(h.api.requests).toBe(2);
    expect(h.api.docs.get(1)).toEqual(['a']);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('5xx: backoff; 503 with Retry-After: waits what the server asked, even on "Synchroniser"', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.api.faults = ['status500', 'status503'];
    await h.outbox.submit(save(1, 'a'));
    expect((await h.db.outbox.toArray())[0]).toMatchObject({
      attempts: 1,
      lastError: { httpStatus: 500, message: 'Erreur interne du serveur.' },
    });
    h.clock.now += 2000;
    await h.outbox.replay({ force: true });
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ attempts: 2, serverDelay: true, nextAttemptAt: h.clock.now + 7000 });
    await h.outbox.replay({ force: true });
    expect(h.api.requests).toBe(2);
    h.clock.now += 7000;
    await h.outbox.replay();
    expect(h.api.docs.get(1)).toEqual(['a']);
  });

  it('401: pauses without counting an attempt, and resumes with the new token after a new sign-in', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.net.token = 'jeton-expiré';
    expect((await h.outbox.submit(save(1, 'a'))).status).toBe('queued');
    await h.outbox.submit(save(1, 'b'));
    expect(h.outbox.paused).toBe(true);
    expect(h.api.requests).toBe(1);
    expect((await h.db.outbox.orderBy('seq').toArray()).map((e) => [e.state, e.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    h.net.token = h.api.validToken;
    await h.outbox.resume();
    expect(h.outbox.paused).toBe(false);
    expect(h.api.docs.get(1)).toEqual(['a', 'b']);
  });

  it('422 during a background replay: failed with the server’s message; the same document waits, others go on', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.api.docs.set(2, []);
    h.net.online = false;
    await h.outbox.submit(save(1, 'a', { body: { op: 'a', reject: true } }));
    await h.outbox.submit(save(1, 'b'));
    await h.outbox.submit(save(2, 'c'));
    h.net.online = true;
    await drainAll(h);
    const left = await h.db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.body, e.state])).toEqual([
      [{ op: 'a', reject: true }, 'failed'],
      [{ op: 'b' }, 'pending'],
    ]);
    expect(left[0].lastError).toEqual({
      httpStatus: 422,
      message: 'La facture ne respecte pas les règles.',
      errors: ['Le client est obligatoire.'],
    });
    expect(h.api.docs.get(2)).toEqual(['c']);
    // "Abandonner" the refused change: the next one of the document goes.
    expect(await h.outbox.discard(left[0].id)).toBe(true);
    await h.outbox.replay();
    expect(h.api.docs.get(1)).toEqual(['b']);
  });

  it('"Modifier": a corrected request replaces the failed one at its place, with a new key', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.net.online = false;
    await h.outbox.submit(save(1, 'a', { body: { op: 'a', reject: true } }));
    await h.outbox.submit(save(1, 'b'));
    h.net.online = true;
    await drainAll(h);
    const [failedEntry] = await h.db.outbox.where('state').equals('failed').toArray();
    const result = await h.outbox.submit(save(1, 'a2', { replaces: failedEntry.id }));
    expect(result.status).toBe('done');
    expect(h.api.docs.get(1)).toEqual(['a2', 'b']);
  });

  it('a corrected request refused again stays in the outbox when later changes of the document wait behind it', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.net.online = false;
    await h.outbox.submit(save(1, 'a', { body: { op: 'a', reject: true } }));
    await h.outbox.submit(save(1, 'b'));
    h.net.online = true;
    await drainAll(h);
    const [refused] = await h.db.outbox.where('state').equals('failed').toArray();
    const again = await h.outbox.submit(save(1, 'a2', { replaces: refused.id, body: { op: 'a2', reject: true } }));
    expect(again).toMatchObject({ status: 'failed', httpStatus: 422 });
    expect((await h.db.outbox.orderBy('seq').toArray()).map((e) => [(e.body as { op: string }).op, e.state])).toEqual([
      ['a2', 'failed'],
      ['b', 'pending'],
    ]);
    expect(h.api.docs.get(1)).toEqual([]);
  });

  it('"Réessayer" sends a failed change again under a new key (the old one holds the stored refusal)', async () => {
    const h = harness();
    h.api.docs.set(1, []);
    h.net.online = false;
    await h.outbox.submit(save(1, 'a'));
    h.net.online = true;
    h.api.refuseNext = 1;
    await h.outbox.replay();
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({
      state: 'failed',
      lastError: { httpStatus: 409, message: 'Le document a été modifié entre-temps.' },
    });
    await h.outbox.retry(entry.id);
    expect(h.api.docs.get(1)).toEqual(['a']);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('tab killed mid-request after the server committed: the entry left in "sending" is resent with the same key at start-up', async () => {
    const first = harness();
    first.api.docs.set(1, []);
    first.api.faults = ['hangAfter'];
    void first.outbox.submit(save(1, 'a'));
    await vi.waitFor(async () => expect(await first.db.outbox.toArray()).toMatchObject([{ state: 'sending' }]));
    expect(first.api.docs.get(1)).toEqual(['a']);
    const second = first.reopen();
    harnesses.push(second);
    await second.outbox.replay();
    expect(await second.db.outbox.count()).toBe(0);
    expect(first.api.docs.get(1)).toEqual(['a']);
    expect(first.api.requests).toBe(2);
  });
});

describe('outbox: temporary ids', () => {
  it('a document created offline gets its server id; later changes in path and body follow it', async () => {
    const h = harness();
    h.net.online = false;
    const tmp = newTempId();
    await h.outbox.submit(create(tmp, 'créer'));
    await h.outbox.submit({
      ...save(tmp, 'valider'),
      path: `docs/${tmp}/validate`,
      docKey: `doc:${tmp}`,
      body: { op: 'valider', doc: tmp, note: `ref ${tmp}` },
    });
    h.net.online = true;
    await h.outbox.replay();
    expect(h.api.applied.map((a) => [a.method, a.path, a.body])).toEqual([
      ['POST', 'docs', { op: 'créer' }],
      ['PUT', 'docs/100/validate', { op: 'valider', doc: 100, note: 'ref 100' }],
    ]);
  });

  it('a change to a document whose creation was abandoned is shown as failed, not sent', async () => {
    const h = harness();
    h.net.online = false;
    const tmp = newTempId();
    const created = await h.outbox.submit(create(tmp, 'créer'));
    await h.outbox.submit(save(tmp, 'modifier'));
    if (created.status !== 'queued') throw new Error('attendu en file');
    await h.outbox.discard(created.entryId);
    h.net.online = true;
    await h.outbox.replay();
    expect(h.api.requests).toBe(0);
    expect(await h.db.outbox.toArray()).toMatchObject([{ state: 'failed', lastError: { message: ORPHAN_MESSAGE } }]);
  });
});

describe('outbox: uploads and storage', () => {
  it('keeps the file as a Blob and sends it as multipart with its extra fields', async () => {
    const h = harness();
    h.net.online = false;
    const blob = new Blob(['%PDF-1.7 test'], { type: 'application/pdf' });
    await h.outbox.submit({
      method: 'POST',
      path: 'uploads',
      companyId: 7,
      docKey: 'inbox',
      label: 'Dépôt de facture.pdf',
      kind: 'inbox.upload',
      file: { blob, name: 'facture.pdf', extra: { category: '42' } },
    });
    const [entry] = await h.db.outbox.toArray();
    expect(await entry.file!.blob.text()).toBe('%PDF-1.7 test');
    h.net.online = true;
    await h.outbox.replay();
    expect(h.api.applied[0].body).toEqual({ category: '42', file: 'fichier:facture.pdf:13' });
  });

  it('refuses a file over 50 Mo or of a refused type before storing anything', async () => {
    const h = harness();
    const big = { size: 52428801, type: 'application/pdf' } as Blob;
    const tooBig = await h.outbox.submit({
      method: 'POST',
      path: 'uploads',
      companyId: 7,
      docKey: 'inbox',
      label: 'Dépôt',
      kind: 'inbox.upload',
      file: { blob: big, name: 'gros.pdf' },
    });
    expect(tooBig).toMatchObject({
      status: 'failed',
      httpStatus: 0,
      message: 'Le fichier « gros.pdf » dépasse la taille maximale de 50 Mo.',
    });
    const exe = await h.outbox.submit({
      method: 'POST',
      path: 'uploads',
      companyId: 7,
      docKey: 'inbox',
      label: 'Dépôt',
      kind: 'inbox.upload',
      file: { blob: new Blob(['MZ']), name: 'virus.exe' },
    });
    expect(exe.status).toBe('failed');
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('storage full: a clear French message and nothing already stored is lost', async () => {
    const h = harness();
    h.net.online = false;
    await h.outbox.submit(save(1, 'a'));
    vi.spyOn(h.db.outbox, 'add').mockRejectedValue(new DOMException('quota', 'QuotaExceededError'));
    const result = await h.outbox.submit(save(1, 'b'));
    expect(result).toEqual({ status: 'failed', httpStatus: 0, message: QUOTA_MESSAGE, errors: [QUOTA_MESSAGE] });
    expect((await h.db.outbox.toArray()).map((e) => e.body)).toEqual([{ op: 'a' }]);
  });
});

describe('outbox: concurrent replay (decision 016)', () => {
  it('sends independent documents a few at a time, after one first answer; a dead server costs one attempt', async () => {
    const h = harness();
    h.net.online = false;
    for (let d = 1; d <= 12; d++) {
      h.api.docs.set(d, []);
      await h.outbox.submit(save(d, `a${d}`));
      await h.outbox.submit(save(d, `b${d}`));
    }
    h.net.online = true;
    // The server is unreachable: only the first change is tried.
    h.api.faults = ['networkBefore'];
    await h.outbox.replay();
    expect(h.api.requests).toBe(1);
    expect((await h.db.outbox.toArray()).filter((e) => e.attempts > 0)).toHaveLength(1);
    let inFlight = 0;
    let most = 0;
    const inner = h.api.fetch;
    h.api.fetch = async (input, init) => {
      most = Math.max(most, ++inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return await inner(input, init);
      } finally {
        inFlight--;
      }
    };
    await h.outbox.replay({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(DEFAULT_CONCURRENCY);
    for (let d = 1; d <= 12; d++) expect(h.api.docs.get(d)).toEqual([`a${d}`, `b${d}`]);
  });
});
