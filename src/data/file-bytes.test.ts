// Decision 047: WebKit's ephemeral sessions refuse Blobs in IndexedDB ("UnknownError: Error preparing
// Blob/File data to be stored in object store"). A file deposited there still waits in the outbox,
// as bytes, and is sent as the same multipart file (file-bytes.ts).
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { isBlobStoreError } from './file-bytes';
import { makeHarness, type Harness } from './testing/harness';

let h: Harness | null = null;
afterEach(async () => {
  h?.db.close();
  if (h) await Dexie.delete(h.db.name);
  h = null;
});

const refusal = () => new DOMException('Error preparing Blob/File data to be stored in object store', 'UnknownError');
const holdsBlob = (value: unknown): boolean =>
  value instanceof Blob ||
  (!!value && typeof value === 'object' && Object.values(value as object).some((v) => holdsBlob(v)));

/** An outbox that refuses to store a Blob, as WebKit does in a private or automated session. */
function webkitLikeHarness(): Harness {
  h = makeHarness();
  h.db.outbox.hook('creating', (_key, entry) => {
    if (holdsBlob(entry.file)) throw refusal();
  });
  h.db.outbox.hook('updating', (changes) => {
    if (holdsBlob(changes)) throw refusal();
  });
  return h;
}

const deposit = (blob: Blob) => ({
  method: 'POST' as const,
  path: 'uploads',
  companyId: 7,
  docKey: 'inbox',
  label: 'Dépôt de facture.pdf',
  kind: 'inbox.upload',
  file: { blob, name: 'facture.pdf', extra: { category: '42' }, more: [{ blob: new Blob(['2e']), name: 'b.pdf' }] },
});

describe('files kept as bytes where the browser cannot store a Blob', () => {
  it('recognises WebKit’s refusal, alone or wrapped by Dexie', () => {
    expect(isBlobStoreError(refusal())).toBe(true);
    expect(isBlobStoreError({ name: 'AbortError', inner: refusal() })).toBe(true);
    expect(isBlobStoreError(new DOMException('full', 'QuotaExceededError'))).toBe(false);
  });

  it('queues the file offline as bytes, reads it back as a Blob, and sends it once as multipart', async () => {
    const harness = webkitLikeHarness();
    harness.net.online = false;
    const result = await harness.outbox.submit(deposit(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' })));
    expect(result.status).toBe('queued');
    const [entry] = await harness.db.outbox.toArray();
    expect(entry.file!.blob).toBeInstanceOf(Blob);
    expect(entry.file!.blob.type).toBe('application/pdf');
    expect(await entry.file!.blob.text()).toBe('%PDF-1.7 test');
    expect(await entry.file!.more![0].blob.text()).toBe('2e');

    harness.net.online = true;
    await harness.outbox.replay();
    expect(harness.api.applied).toHaveLength(1);
    expect(harness.api.applied[0].body).toMatchObject({ category: '42', file: expect.stringMatching(/^fichier:/) });
    expect(await harness.db.outbox.count()).toBe(0);
  });
});
