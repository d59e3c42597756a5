import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { documents, inboxDeposits } from '../../server/src/db/schema/index';
import { diskStorage, type FileStorage, type StorageIo } from '../../server/src/modules/documents/storage';
import { StorageError } from '../../server/src/modules/documents/storage-errors';
import { replaceStorage, storageFor, storageRoot } from '../../server/src/modules/documents/stores';
import { allowConsoleError } from '../support/console-guard';
import { fullDiskAfter, lyingDisk, refusingDisk } from '../support/faulty-storage';
import { startTestServer, type TestServer } from '../support/test-server';
import { pdfOfSize, upload, uploadForm } from '../support/uploads';

// Decision 006: every storage write is checked to the end; a failed write answers 507 in French
// and keeps nothing (no row, no placed bytes, no temporary file); zips never come back cut.

let server: TestServer;
let demo: string;
let company: number;
let undo = () => {};
beforeAll(async () => {
  server = await startTestServer();
  demo = (await server.api.login('demo')).token;
  company = server.seed!.companies[1].id;
});
afterEach(() => undo());
afterAll(() => server?.close());

const root = () => storageRoot(server.deps.config);
const useDisk = (io: StorageIo) => (undo = replaceStorage(server.deps, diskStorage(root(), io)));
let unique = 0;
const uniquePdf = (size: number) => {
  const bytes = pdfOfSize(size);
  bytes.set(new TextEncoder().encode(`unique-${++unique}-${Date.now()}`), 20);
  return bytes;
};
const send = (files: Array<{ bytes: Uint8Array; name: string }>) =>
  upload(server.api, uploadForm(files, 43), { token: demo, company });

/** What the user, the database and the disk hold: all must be unchanged by a failed upload. */
async function kept() {
  const [{ n: rows }] = await server.deps.db.select({ n: count() }).from(inboxDeposits);
  const listed = (await server.api.get('/api/my-inbox/history?pageSize=1', { token: demo, company })).body.total;
  const blobs: string[] = [];
  for (const a of readdirSync(root()).filter((d) => d !== '.tmp'))
    for (const b of readdirSync(join(root(), a))) blobs.push(...readdirSync(join(root(), a, b)));
  const tmpDir = join(root(), '.tmp');
  const tmp = existsSync(tmpDir) ? readdirSync(tmpDir) : [];
  return { rows, listed, blobs: blobs.length, tmp };
}

async function expectNothingKept(before: Awaited<ReturnType<typeof kept>>) {
  const after = await kept();
  expect(after).toEqual({ ...before, tmp: [] });
}

describe('a failing storage write answers 507 in French and keeps nothing', () => {
  // The server logs each of these faults as its own (the operator must see them): expected here.
  beforeEach(() => allowConsoleError(/^Écriture impossible dans le stockage/));
  it('a disk that fills up during the write (ENOSPC)', async () => {
    const before = await kept();
    useDisk(fullDiskAfter(10_000));
    const res = await send([{ bytes: uniquePdf(200_000), name: 'relevé-plein.pdf' }]);
    expect(res.status).toBe(507);
    expect(res.body.message).toBe(
      'Le serveur n’a plus assez d’espace disque pour enregistrer ce fichier : rien n’a été conservé. Réessayez plus tard ou prévenez le cabinet.',
    );
    await expectNothingKept(before);
  });

  it('a write the disk lost is caught by reading the file back (size and SHA-256)', async () => {
    const before = await kept();
    useDisk(lyingDisk());
    const res = await send([{ bytes: uniquePdf(5_000), name: 'perdu.pdf' }]);
    expect(res.status).toBe(507);
    expect(res.body.message).toBe(
      'Le fichier enregistré sur le serveur ne correspond pas au fichier reçu : rien n’a été conservé. Réessayez.',
    );
    await expectNothingKept(before);
  });

  it.each(['EROFS', 'EACCES'] as const)(
    'a storage folder the server may not write (%s) is reported as the server’s fault',
    async (code) => {
      const before = await kept();
      useDisk(refusingDisk(code));
      const res = await send([{ bytes: uniquePdf(1_000), name: 'lecture-seule.pdf' }]);
      expect(res.status).toBe(507);
      expect(res.body.message).toMatch(/^Le serveur ne peut pas écrire dans son dossier de stockage/);
      expect(res.body.message).not.toMatch(/multipart/);
      await expectNothingKept(before);
    },
  );

  it('on the real disk, a storage path that is not a folder is not blamed on the client', async () => {
    const tmpDir = join(root(), '.tmp');
    rmSync(tmpDir, { recursive: true, force: true });
    writeFileSync(tmpDir, 'pas un dossier');
    undo = () => {
      rmSync(tmpDir, { force: true });
      mkdirSync(tmpDir, { recursive: true });
    };
    const [{ n: rows }] = await server.deps.db.select({ n: count() }).from(inboxDeposits);
    const res = await send([{ bytes: uniquePdf(1_000), name: 'dossier-fichier.pdf' }]);
    expect(res.status).toBe(507);
    expect(res.body.message).toMatch(/^Le serveur ne peut pas écrire dans son dossier de stockage/);
    expect((await server.deps.db.select({ n: count() }).from(inboxDeposits))[0].n).toBe(rows);
  });

  it('when placing the second file fails, the first file’s placed bytes are removed too', async () => {
    const before = await kept();
    const disk = storageFor(server.deps);
    let commits = 0;
    const placingFailsOnSecond: FileStorage = {
      ...disk,
      receive() {
        const incoming = disk.receive();
        return {
          ...incoming,
          sink: incoming.sink,
          commit: () => (++commits === 2 ? Promise.reject(new StorageError('full')) : incoming.commit()),
        };
      },
    };
    undo = replaceStorage(server.deps, placingFailsOnSecond);
    const first = uniquePdf(3_000);
    const res = await send([
      { bytes: first, name: 'un.pdf' },
      { bytes: uniquePdf(3_000), name: 'deux.pdf' },
    ]);
    expect(res.status).toBe(507);
    expect(commits).toBe(2);
    await expectNothingKept(before);
  });

  it('a healthy disk still stores, and the stored bytes are the received ones', async () => {
    const bytes = uniquePdf(300_000);
    const res = await send([{ bytes, name: 'sain.pdf' }]);
    expect(res.status).toBe(201);
    const [row] = await server.deps.db.select().from(inboxDeposits).where(eq(inboxDeposits.id, res.body.items[0].id));
    const path = join(root(), row.sha256.slice(0, 2), row.sha256.slice(2, 4), row.sha256);
    expect(Buffer.from(readFileSync(path)).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('zips and downloads never come back silently cut', () => {
  // Logged by files.ts, then by the HTTP layer when a streamed answer (zip) has to stop short.
  beforeEach(() => allowConsoleError(/^Stockage endommagé|illisible sur le serveur \(stockage endommagé\)/));
  const blobPath = (sha: string) => join(root(), sha.slice(0, 2), sha.slice(2, 4), sha);
  const deposit = async (name: string) => {
    const res = await send([{ bytes: uniquePdf(50_000), name }]);
    const [row] = await server.deps.db.select().from(inboxDeposits).where(eq(inboxDeposits.id, res.body.items[0].id));
    return row;
  };
  const raw = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo}`, 'x-company-id': String(company), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('a stored file emptied by a full disk fails the deposits zip before anything is sent', async () => {
    const good = await deposit('bon.pdf');
    const emptied = await deposit('vidé.pdf');
    truncateSync(blobPath(emptied.sha256), 0);
    const res = await server.api.post('/api/files/download', { ids: [good.id, emptied.id] }, { token: demo, company });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'Le fichier « vidé.pdf » est illisible sur le serveur (stockage endommagé) : le téléchargement a été annulé. Prévenez le cabinet.',
    );
  });

  it('a missing stored file fails the documents zip and the download with a French 500', async () => {
    const docs = (await server.api.get('/api/my-documents?pageSize=200', { token: demo, company })).body.items;
    const [doc] = await server.deps.db.select().from(documents).where(eq(documents.id, docs[0].id));
    rmSync(blobPath(doc.sha256));
    const zip = await server.api.post('/api/ged/documents/download', { ids: [doc.id] }, { token: demo, company });
    expect(zip.status).toBe(500);
    expect(zip.body.message).toMatch(/^Le fichier « .+ » est illisible sur le serveur \(stockage endommagé\)/);
    expect((await server.api.get(`/api/ged/documents/${doc.id}/download`, { token: demo, company })).status).toBe(500);
  });

  it('bytes damaged in place (same size) make the zip and the download fail short of their end', async () => {
    const damaged = await deposit('abîmé.pdf');
    const bytes = readFileSync(blobPath(damaged.sha256));
    bytes[bytes.length - 10] ^= 0xff;
    writeFileSync(blobPath(damaged.sha256), bytes);
    const zip = await raw('/api/files/download', { ids: [damaged.id] });
    expect(zip.status).toBe(200); // streaming had begun: the answer is cut, never completed
    await expect(zip.arrayBuffer()).rejects.toThrow();

    const docs = (await server.api.get('/api/my-documents?pageSize=200', { token: demo, company })).body.items;
    const [doc] = await server.deps.db.select().from(documents).where(eq(documents.id, docs[1].id));
    const stored = readFileSync(blobPath(doc.sha256));
    stored[stored.length - 3] ^= 0xff;
    writeFileSync(blobPath(doc.sha256), stored);
    const download = await fetch(`${server.url}/api/ged/documents/${doc.id}/download`, {
      headers: { authorization: `Bearer ${demo}`, 'x-company-id': String(company) },
    });
    await expect(download.arrayBuffer()).rejects.toThrow();
  });
});
