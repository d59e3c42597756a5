import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { inboxDeposits, notifications } from '../../server/src/db/schema/index';
import { todayInParis } from '../../src/domain/dates';
import { startTestServer, type TestServer } from '../support/test-server';
import { PNG_BYTES, pdfOfSize, upload, uploadForm } from '../support/uploads';

// The inbox ("Ma bannette", INBOX-1 to INBOX-4): uploads and their limits, withdrawal, zip, batches.

let server: TestServer;
let demo: string;
let admin: string;
let company: number; // Garage Dupont & Fils: demo deposits, admin (the firm) processes
beforeAll(async () => {
  server = await startTestServer();
  demo = (await server.api.login('demo')).token;
  admin = (await server.api.login('admin')).token;
  company = server.seed!.companies[1].id;
});
afterAll(() => server?.close());

const MAX = 52428800;
const send = (
  files: Parameters<typeof uploadForm>[0],
  category: number | string | null = 43,
  opts: { token?: string; idempotencyKey?: string } = {},
) =>
  upload(server.api, uploadForm(files, category), {
    token: opts.token ?? demo,
    company,
    idempotencyKey: opts.idempotencyKey,
  });
const depositCount = async () => (await server.deps.db.select({ n: count() }).from(inboxDeposits)).at(0)!.n;
const tmpFiles = () => {
  const dir = join(server.dataDir, 'files', '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/my-inbox/documents/upload: size limit (INBOX-1)', () => {
  it('accepts a file of exactly 52428800 bytes', async () => {
    const res = await send([{ bytes: pdfOfSize(MAX), name: 'grand.pdf' }]);
    expect(res.status).toBe(201);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      name: 'grand.pdf',
      size: MAX,
      mimeType: 'application/pdf',
      status: 'deposited',
      statusLabel: 'Déposé',
      categoryId: 43,
      category: 'Achats',
      categoryPath: 'Comptabilité › Achats',
      mine: true,
    });
  });

  it('refuses one byte more with 413, keeps nothing and leaves no partial file', async () => {
    const before = await depositCount();
    const res = await send([{ bytes: pdfOfSize(MAX + 1), name: 'trop-grand.pdf' }]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Le fichier « trop-grand.pdf » dépasse la taille maximale de 50 Mo.');
    expect(await depositCount()).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('stops reading a much larger file early with 413 and keeps nothing', async () => {
    const before = await depositCount();
    const res = await send([{ bytes: pdfOfSize(MAX + 10 * 1024 * 1024), name: 'énorme.pdf' }]).catch((e: Error) => e);
    if (res instanceof Error) {
      // Seen once in CI on a loaded machine: the client got a reset instead of the answer while it
      // was still sending (HTTP/1.1 gives no ordering guarantee there). The refusal still holds:
      // only a reset is accepted, and nothing may be kept (below).
      expect((res.cause as { code?: string } | undefined)?.code).toBe('ECONNRESET');
    } else {
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Le fichier « énorme.pdf » dépasse la taille maximale de 50 Mo.');
    }
    expect(await depositCount()).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('a cancelled upload', () => {
  it('leaves no partial file and no deposit', async () => {
    const before = await depositCount();
    const boundary = 'cancel-boundary-7';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n43\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="annulé.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const controller = new AbortController();
    let sent!: () => void;
    const halfway = new Promise<void>((resolve) => (sent = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(stream) {
        stream.enqueue(new TextEncoder().encode(head));
        for (let i = 0; i < 16; i++) stream.enqueue(new Uint8Array(64 * 1024));
        sent();
        // …and never finishes: the user cancels.
      },
    });
    const request = fetch(`${server.url}/api/my-inbox/documents/upload`, {
      method: 'POST',
      body,
      duplex: 'half',
      signal: controller.signal,
      headers: {
        authorization: `Bearer ${demo}`,
        'x-company-id': String(company),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    } as RequestInit).catch((e: Error) => e);
    await halfway;
    await expect.poll(() => tmpFiles().length, { timeout: 5_000 }).toBe(1);
    controller.abort();
    expect(await request).toBeInstanceOf(Error);
    await expect.poll(() => tmpFiles(), { timeout: 5_000 }).toEqual([]);
    expect(await depositCount()).toBe(before);
  });
});

describe('type checks on content (INBOX-2)', () => {
  it('refuses a PNG renamed .pdf sent as application/pdf with 415', async () => {
    const res = await send([{ bytes: PNG_BYTES, name: 'facture.pdf', type: 'application/pdf' }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/^Le type du fichier « facture.pdf » n'est pas autorisé/);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses an executable whatever its name; accepts a real PNG and a CSV', async () => {
    expect((await send([{ bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3]), name: 'outil.pdf' }])).status).toBe(415);
    const ok = await send([
      { bytes: PNG_BYTES, name: 'ticket.png', type: 'image/png' },
      { bytes: new TextEncoder().encode('a;b\n1;2\n'), name: 'ventes.csv', type: 'text/csv' },
    ]);
    expect(ok.status).toBe(201);
    expect(ok.body.items.map((d: any) => [d.name, d.mimeType])).toEqual([
      ['ticket.png', 'image/png'],
      ['ventes.csv', 'text/csv'],
    ]);
  });

  it('refuses a whole upload when one of its files is refused', async () => {
    const before = await depositCount();
    const res = await send([
      { bytes: pdfOfSize(100), name: 'bon.pdf' },
      { bytes: PNG_BYTES, name: 'faux.pdf' },
    ]);
    expect(res.status).toBe(415);
    expect(await depositCount()).toBe(before);
  });
});

describe('names and fields', () => {
  it('stores a path-traversal name harmlessly', async () => {
    const res = await send([{ bytes: pdfOfSize(64), name: '../../../etc/passwd.pdf' }]);
    expect(res.status).toBe(201);
    expect(res.body.items[0].name).toBe('passwd.pdf');
    const windows = await send([{ bytes: pdfOfSize(64), name: '..\\..\\Windows\\system32\\<evil>.pdf' }]);
    expect(windows.body.items[0].name).not.toMatch(/[\\/<>]|\.\./);
    // RFC 5987 lets a client percent-encode slashes and control characters in the name.
    const boundary = 'x-boundary-42';
    const raw = [
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n43\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''..%2F..%2F.%2Fetc%2Fsh%07ad%00ow%1B.pdf\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const encoded = await server.api.request('POST', '/api/my-inbox/documents/upload', {
      token: demo,
      company,
      rawBody: raw,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(encoded.status).toBe(201);
    expect(encoded.body.items[0].name).toBe('shadow.pdf');
    // Nothing escaped the store: only the content-addressed folders and the temp folder exist.
    expect(readdirSync(join(server.dataDir, 'files')).every((d) => d === '.tmp' || /^[0-9a-f]{2}$/.test(d))).toBe(true);
    expect(existsSync(join(server.dataDir, 'etc'))).toBe(false);
  });

  it('needs a file, a valid deposit category, and one the user may deposit into', async () => {
    expect((await send([], 43)).status).toBe(400);
    const missing = await send([{ bytes: pdfOfSize(10), name: 'a.pdf' }], null);
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('category');
    expect((await send([{ bytes: pdfOfSize(10), name: 'a.pdf' }], 'abc')).status).toBe(400);
    expect((await send([{ bytes: pdfOfSize(10), name: 'a.pdf' }], 18)).status).toBe(403); // Bilan: filed by the firm, not a deposit category
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a body that is not multipart (415)', async () => {
    const res = await server.api.post('/api/my-inbox/documents/upload', { file: 'x' }, { token: demo, company });
    expect(res.status).toBe(415);
  });
});

describe('Idempotency-Key on uploads', () => {
  it('the same key twice stores one file and answers the same', async () => {
    const before = await depositCount();
    const key = 'upload-0123456789';
    const first = await send([{ bytes: pdfOfSize(2048), name: 'rejoué.pdf' }], 43, { idempotencyKey: key });
    const second = await send([{ bytes: pdfOfSize(2048), name: 'rejoué.pdf' }], 43, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    expect(await depositCount()).toBe(before + 1);
  });
});

describe('GET /api/my-inbox and history', () => {
  it('lists the company’s pending deposits with their status', async () => {
    const res = await server.api.get('/api/my-inbox?pageSize=100', { token: demo, company });
    expect(res.status).toBe(200);
    expect(res.body.items.every((d: any) => d.status !== 'done' && d.company.id === company)).toBe(true);
    expect(res.body.items[0]).toMatchObject({ depositedBy: { firstName: 'Sophie', name: 'Martin' } });
  });

  it('admin history is for the firm (userType 1) and spans its companies', async () => {
    expect((await server.api.get('/api/my-inbox/history/admin', { token: demo })).status).toBe(403);
    const res = await server.api.get('/api/my-inbox/history/admin?pageSize=200', { token: admin });
    expect(res.status).toBe(200);
    const companies = new Set(res.body.items.map((d: any) => d.company.label));
    expect(companies).toEqual(new Set(['Garage Dupont & Fils', 'Café des Arts']));
    const one = await server.api.get(`/api/my-inbox/history/admin?company=${company}`, { token: admin });
    expect(one.body.items.every((d: any) => d.company.id === company)).toBe(true);
  });

  it('the firm’s history holds a year of files it filed, month after month, each now a document of its company', async () => {
    const res = await server.api.get('/api/my-inbox/history/admin?pageSize=200&status=done', { token: admin });
    expect(res.status).toBe(200);
    const done: any[] = res.body.items;
    expect(done.length).toBeGreaterThanOrEqual(40);
    const month = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }).slice(0, 7);
    const months = new Set(done.map((d) => month(d.createdAt)));
    const thisMonth = todayInParis(server.deps.now()).slice(0, 7);
    for (let k = 2; k <= 11; k++) {
      const [y, m] = thisMonth.split('-').map(Number);
      const index = y! * 12 + m! - 1 - k;
      expect(months, `${k} mois avant`).toContain(
        `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`,
      );
    }
    for (const d of done) {
      expect(d.documentId, d.name).toEqual(expect.any(Number));
      expect(Date.parse(d.processedAt)).toBeGreaterThan(Date.parse(d.createdAt));
      expect(Date.parse(d.processedAt)).toBeLessThan(server.deps.now().getTime());
    }
    const [filed] = done;
    const file = await server.api.get(`/api/ged/documents/${filed.documentId}/download`, {
      token: admin,
      company: filed.company.id,
    });
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.raw.slice(0, 5))).toBe('%PDF-');
  });
});

describe('DELETE /api/my-inbox/documents/{id}', () => {
  it('withdraws one’s own file before processing and removes the unshared bytes', async () => {
    const bytes = pdfOfSize(777);
    bytes[500] = 42; // unique content
    const [item] = (await send([{ bytes, name: 'à-retirer.pdf' }])).body.items;
    const res = await server.api.delete(`/api/my-inbox/documents/${item.id}`, { token: demo, company });
    expect(res.status).toBe(204);
    const history = await server.api.get('/api/my-inbox/history?pageSize=200', { token: demo, company });
    expect(history.body.items.some((d: any) => d.id === item.id)).toBe(false);
    expect((await server.api.delete(`/api/my-inbox/documents/${item.id}`, { token: demo, company })).status).toBe(404);
  });

  it('refuses another user’s file (403) and another company’s (404)', async () => {
    const [item] = (await send([{ bytes: pdfOfSize(90), name: 'de-sophie.pdf' }])).body.items;
    const res = await server.api.delete(`/api/my-inbox/documents/${item.id}`, { token: admin, company });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Seule la personne qui a déposé ce fichier peut le supprimer.');
    expect(
      (
        await server.api.delete(`/api/my-inbox/documents/${item.id}`, {
          token: demo,
          company: server.seed!.companies[0].id,
        })
      ).status,
    ).toBe(404);
  });
});

describe('batches: queued → processing → done', () => {
  it('the firm takes deposits, files them as documents under their category and notifies the company', async () => {
    const items = (
      await send(
        [
          { bytes: pdfOfSize(300), name: 'achats-octobre.pdf' },
          { bytes: PNG_BYTES, name: 'ticket-carburant.png', type: 'image/png' },
        ],
        43,
      )
    ).body.items;
    const ids = items.map((d: any) => d.id);
    expect((await server.api.post('/api/batch', { ids }, { token: demo, company })).status).toBe(403);

    const created = await server.api.post(
      '/api/batch',
      { ids },
      { token: admin, company, idempotencyKey: 'batch-key-0001' },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'queued', total: 2, processed: 0 });
    expect(created.body.files.map((f: any) => f.status)).toEqual(['queued', 'queued']);

    // Taken files can no longer be withdrawn, nor put in another batch.
    const refused = await server.api.delete(`/api/my-inbox/documents/${ids[0]}`, { token: demo, company });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Ce fichier a déjà été pris en charge par le cabinet : il ne peut plus être supprimé.',
    );
    expect((await server.api.post('/api/batch', { ids: [ids[0]] }, { token: admin, company })).status).toBe(409);

    const seen = new Set<string>();
    let batch = created.body;
    for (let i = 0; i < 100 && batch.status !== 'done'; i++) {
      batch = (await server.api.get(`/api/trigger/batch/${created.body.id}`, { token: admin, company })).body;
      seen.add(batch.status);
      if (batch.status !== 'done') await new Promise((r) => setTimeout(r, 20));
    }
    expect(batch).toMatchObject({ status: 'done', processed: 2, total: 2 });
    expect(batch.startedAt).not.toBeNull();
    expect(batch.finishedAt).not.toBeNull();
    expect(batch.files.every((f: any) => f.status === 'done' && f.documentId)).toBe(true);

    const docs = (await server.api.get('/api/my-documents?category=30&pageSize=100', { token: demo, company })).body
      .items;
    expect(
      docs
        .filter((d: any) => ['achats-octobre.pdf', 'ticket-carburant.png'].includes(d.name))
        .map((d: any) => d.categoryPath),
    ).toEqual(['Comptabilité › Achats', 'Comptabilité › Achats']);
    const inbox = (await server.api.get('/api/my-inbox?pageSize=200', { token: demo, company })).body.items;
    expect(inbox.some((d: any) => ids.includes(d.id))).toBe(false);
    const history = (await server.api.get('/api/my-inbox/history?status=done&mine=true', { token: demo, company })).body
      .items;
    expect(history.filter((d: any) => ids.includes(d.id)).map((d: any) => d.statusLabel)).toEqual(['Classé', 'Classé']);

    // Type 1 notifications for the company's users, not for the firm user who filed.
    const notes = await server.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, company), eq(notifications.type, 1)));
    const forDemo = notes.filter(
      (n) => n.userId === server.seed!.demoUserId && batch.files.some((f: any) => f.documentId === n.documentId),
    );
    expect(forDemo.map((n) => n.label).sort()).toEqual([
      'Nouveau document dans « Achats » : achats-octobre.pdf',
      'Nouveau document dans « Achats » : ticket-carburant.png',
    ]);
    expect(notes.some((n) => n.userId === server.seed!.adminUserId)).toBe(false);

    // The same Idempotency-Key replays the creation without a second batch.
    const again = await server.api.post(
      '/api/batch',
      { ids },
      { token: admin, company, idempotencyKey: 'batch-key-0001' },
    );
    expect(again.body.id).toBe(created.body.id);
  });

  it('another company’s batch is 404', async () => {
    const other = server.seed!.companies[3].id;
    const res = await server.api.get('/api/trigger/batch/1', { token: admin, company: other });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/files/download', () => {
  it('zips the chosen deposit files, named after the company, fichier_depot and the date', async () => {
    const items = (
      await send(
        [
          { bytes: pdfOfSize(120), name: 'relevé.pdf' },
          { bytes: PNG_BYTES, name: 'relevé.png', type: 'image/png' },
        ],
        44,
      )
    ).body.items;
    const res = await server.api.post(
      '/api/files/download',
      { ids: items.map((d: any) => d.id) },
      { token: demo, company },
    );
    expect(res.status).toBe(200);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Garage Dupont & Fils_fichier_depot_${today}.zip"; filename*=UTF-8''Garage%20Dupont%20%26%20Fils_fichier_depot_${today}.zip`,
    );
    const files = unzipSync(new Uint8Array(res.raw));
    expect(Object.keys(files).sort()).toEqual(['relevé.pdf', 'relevé.png']);
    expect(Buffer.from(files['relevé.png']).equals(Buffer.from(PNG_BYTES))).toBe(true);
    expect(
      (
        await server.api.post(
          '/api/files/download',
          { ids: [items[0].id] },
          { token: demo, company: server.seed!.companies[0].id },
        )
      ).status,
    ).toBe(404);
  });
});
