import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOT_READY_STORAGE_FULL, NOT_READY_STORAGE_UNWRITABLE } from '../../src/contract/health';
import { companies, customers } from '../../server/src/db/schema/index';
import { diskStorage } from '../../server/src/modules/documents/storage';
import { replaceStorage, storageRoot } from '../../server/src/modules/documents/stores';
import type { Mailer } from '../../server/src/mail/mailer';
import { allowConsoleError } from '../support/console-guard';
import { fullDiskAfter, refusingDisk } from '../support/faulty-storage';
import { companyId, customerPayload, invoicePayload, MARTIN } from '../support/invoice-helpers';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 077, found by attack: validating an invoice on a full data folder
// answered a generic 500, and its log line printed the failed query's parameters — the customer's
// e-mail and SIREN, the company's IBAN. Every write that meets a full disk (the database, the PDF
// kept with the invoice, a mail written to DATA_DIR/mail, the e-invoice archive) now answers the
// French 507 the uploads give; the logs name the SQL state and the statement, never its values;
// and /api/health/ready says 503 while the data folder cannot be written.

const FULL_DATA =
  'Le serveur n’a plus assez d’espace disque pour enregistrer cette opération : rien n’a été conservé. Réessayez plus tard ou prévenez le cabinet.';
const UNWRITABLE_DATA =
  'Le serveur ne peut pas écrire dans son dossier de données (droits insuffisants ou disque en lecture seule) : rien n’a été conservé. Prévenez l’administrateur du portail.';

let server: TestServer;
let token: string;
let martin: number;
const SECRET = randomUUID().slice(0, 8);
const EMAIL = `compta.${SECRET}@client-discret.fr`;
const SIREN = '732829320';
const IBAN = 'FR7630006000011234567890189';
let accountNumber: string;
let undo: Array<() => unknown> = [];

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.api.login('demo')).token;
  martin = companyId(server, MARTIN);
  await server.deps.db.update(companies).set({ iban: IBAN, bic: 'AGRIFRPP882' }).where(eq(companies.id, martin));
  const created = await server.api.post(
    '/api/customers',
    customerPayload(`Client Discret ${SECRET}`, { email: EMAIL, siren: SIREN }),
    { token, company: martin },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  accountNumber = created.body.accountNumber;
  const [row] = await server.deps.db
    .select({ email: customers.email, siren: customers.siren })
    .from(customers)
    .where(and(eq(customers.companyId, martin), eq(customers.accountNumber, accountNumber)));
  expect(row).toEqual({ email: EMAIL, siren: SIREN });
});
afterEach(async () => {
  for (const u of undo.reverse()) await u();
  undo = [];
});
afterAll(() => server?.close());

const as = () => ({ token, company: martin });
async function draft() {
  const res = await server.api.post('/api/invoices', invoicePayload(server, { customer: { accountNumber } }), as());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** Everything the server writes to its console during `work`, as text (console.error and console.warn). */
async function logsOf<T>(work: () => Promise<T>): Promise<{ result: T; logs: string }> {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(format(...args));
  const error = vi.spyOn(console, 'error').mockImplementation(capture);
  const warn = vi.spyOn(console, 'warn').mockImplementation(capture);
  try {
    return { result: await work(), logs: lines.join('\n') };
  } finally {
    error.mockRestore();
    warn.mockRestore();
  }
}

/**
 * A full disk under the database, as PostgreSQL (and PGlite) reports it when a table's file cannot
 * grow: SQLSTATE 53100 « could not extend file … No space left on device » (the same error the
 * embedded database gave on a full tmpfs). Raised by a trigger on the statement that writes.
 */
async function fullDatabaseOn(table: 'invoices' | 'invoice_pdfs', event: 'update' | 'insert') {
  const raw = (q: string) => server.deps.db.execute(sql.raw(q));
  await raw(`create or replace function test_disk_full() returns trigger language plpgsql as $$
    begin
      raise exception using errcode = '53100',
        message = 'could not extend file "base/5/16390": No space left on device',
        hint = 'Check free disk space.';
    end $$`);
  await raw(`create trigger test_disk_full before ${event} on ${table} for each row execute function test_disk_full()`);
  undo.push(async () => {
    await raw(`drop trigger test_disk_full on ${table}`);
    await raw('drop function test_disk_full()');
  });
}

describe('a write on a full disk answers 507 in French, and the logs keep personal data out', () => {
  it.each([
    ['the invoice itself (its customer and seller snapshots)', 'invoices', 'update'],
    ['the PDF kept with the invoice', 'invoice_pdfs', 'insert'],
  ] as const)('validating an invoice when the database cannot grow: %s', async (_, table, event) => {
    const id = await draft();
    await fullDatabaseOn(table, event);
    const { result: res, logs } = await logsOf(() => server.api.put(`/api/invoices/${id}/validate`, {}, as()));
    expect(res.status).toBe(507);
    expect(res.body).toEqual({ message: FULL_DATA });
    // The operator learns what happened and where…
    expect(logs).toContain('53100');
    expect(logs).toContain(event === 'update' ? `update "${table}"` : `insert into "${table}"`);
    // … and nothing of whom it was about.
    for (const secret of [EMAIL, SIREN, IBAN, SECRET]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/params|Failed query/);
    // Nothing was kept: the draft is still a draft, and validates once the disk has room again.
    for (const u of undo.reverse()) await u();
    undo = [];
    expect((await server.api.get(`/api/invoices/${id}`, as())).body).toMatchObject({ validated: false, number: null });
    expect((await server.api.put(`/api/invoices/${id}/validate`, {}, as())).status).toBe(200);
  });

  it('mailing an invoice when DATA_DIR/mail is full: 507, nothing sent, the same key may try again', async () => {
    const id = await draft();
    expect((await server.api.put(`/api/invoices/${id}/validate`, {}, as())).status).toBe(200);
    const mailer = server.deps.mailer;
    const full: Mailer = {
      kind: 'eml',
      send: () =>
        Promise.reject(
          Object.assign(new Error(`ENOSPC: no space left on device, write`), {
            code: 'ENOSPC',
            errno: -28,
            syscall: 'write',
          }),
        ),
    };
    server.deps.mailer = full;
    undo.push(() => (server.deps.mailer = mailer));
    const key = `full-mail-${SECRET}`;
    const { result: res, logs } = await logsOf(() =>
      server.api.post(`/api/business-files/${id}/send`, {}, { ...as(), idempotencyKey: key }),
    );
    expect(res.status).toBe(507);
    expect(res.body).toEqual({ message: FULL_DATA });
    expect(logs).toContain('ENOSPC');
    for (const secret of [EMAIL, IBAN]) expect(logs).not.toContain(secret);
    server.deps.mailer = mailer;
    const again = await server.api.post(`/api/business-files/${id}/send`, {}, { ...as(), idempotencyKey: key });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.to).toBe(EMAIL);
  });

  it('the e-invoice archive that cannot be written fails the validation with a French 507, not a 500', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'workplace-einvoice-'));
    writeFileSync(join(dir, 'un-fichier'), 'pas un dossier');
    const other = await startTestServer({ env: { EINVOICE_ARCHIVE_DIR: join(dir, 'un-fichier', 'archive') } });
    try {
      const t = (await other.api.login('demo')).token;
      const company = companyId(other, MARTIN);
      const created = await other.api.post('/api/invoices', invoicePayload(other), { token: t, company });
      expect(created.status).toBe(201);
      allowConsoleError(/écriture impossible sur le disque du serveur/);
      const res = await other.api.put(`/api/invoices/${created.body.id}/validate`, {}, { token: t, company });
      expect(res.status).toBe(507);
      expect(res.body).toEqual({ message: UNWRITABLE_DATA });
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/health/ready says when the data folder cannot be written', () => {
  const root = () => storageRoot(server.deps.config);
  it('503 in French while the disk is full, 200 again once a write goes through', async () => {
    expect(await server.api.get('/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'ok', storage: 'ok' },
    });
    undo.push(replaceStorage(server.deps, diskStorage(root(), fullDiskAfter(0))));
    allowConsoleError(/^Écriture impossible dans le stockage/);
    const full = await server.api.get('/api/health/ready');
    expect(full.status).toBe(503);
    expect(full.body).toEqual({ message: NOT_READY_STORAGE_FULL });
    expect(full.headers.get('retry-after')).toBe('5');
    // Cached for a few seconds: a balancer polling every second does not write every second.
    expect((await server.api.get('/api/health/ready')).body).toEqual({ message: NOT_READY_STORAGE_FULL });
    expect((await server.api.get('/api/health/live')).status).toBe(200);
    undo.pop()!();
    expect((await server.api.get('/api/health/ready')).status).toBe(200);
  });

  it('503 in French while the folder is read-only', async () => {
    undo.push(replaceStorage(server.deps, diskStorage(root(), refusingDisk('EROFS'))));
    allowConsoleError(/^Écriture impossible dans le stockage/);
    const res = await server.api.get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: NOT_READY_STORAGE_UNWRITABLE });
  });
});
