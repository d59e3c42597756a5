import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountingExercises,
  accountingRequestAnswers,
  accountingRequests,
  cashRegisters,
  documents,
  receivedInvoices,
} from '../../server/src/db/schema/index';
import { createRegister } from '../../server/src/modules/cash-registers/service';
import { endpoints } from '../../src/contract/index';
import type { AnyEndpoint } from '../../src/contract/endpoint';
import { addDays, todayInParis } from '../../src/domain/dates';
import { GARAGE, invoicePayload, MARTIN, quotePayload } from '../support/invoice-helpers';
import type { ApiResponse } from '../support/test-server';
import { pdfOfSize, upload, uploadForm } from '../support/uploads';
import { useTestServer } from '../support/use-test-server';

// Decision 073: a stored or generated file is never a page of the app. Every
// route the contract declares with a file answer is called on the demo data, and its answer must
// carry the file's own policy — `default-src 'none'; …; sandbox` — not the app's, which the global
// headers middleware (security-headers.ts) used to write over it.

const ctx = useTestServer();
const api = () => ctx.server.api;
const db = () => ctx.server.deps.db;

/** The method and path of each endpoint answering a file (a `file()` body in its responses). */
const fileEndpoints = () =>
  endpoints
    .filter((e: AnyEndpoint) =>
      Object.values(e.responses).some((r) => typeof r === 'object' && r !== null && 'file' in r),
    )
    .map((e) => `${e.method.toUpperCase()} ${e.path}`)
    .sort();

let bakery: number;
let garage: number;
const as = (company: number) => ({ token: ctx.demo, company });

/** One call per file endpoint, on data of the demo (or made here), answering 2xx. */
const CASES: Record<string, () => Promise<ApiResponse | ApiResponse[]>> = {
  'GET /ged/documents/:id/download': async () =>
    api().get(`/api/ged/documents/${await garageDocument()}/download`, as(garage)),
  'GET /ged/documents/:id/view': async () => {
    const id = await garageDocument();
    return [
      await api().get(`/api/ged/documents/${id}/view`, as(garage)),
      // The viewer's range of a large PDF (206) carries it too.
      await api().get(`/api/ged/documents/${id}/view`, { ...as(garage), headers: { range: 'bytes=0-3' } }),
    ];
  },
  'POST /ged/documents/download': async () =>
    api().post('/api/ged/documents/download', { ids: [await garageDocument()] }, as(garage)),
  'POST /files/download': async () => {
    const bytes = pdfOfSize(400);
    bytes.set(new TextEncoder().encode(randomUUID()), 20);
    const res = await upload(api(), uploadForm([{ bytes, name: 'politique.pdf' }], 46), as(garage));
    expect(res.status).toBe(201);
    return api().post('/api/files/download', { ids: [res.body.items[0].id] }, as(garage));
  },
  'GET /invoices/:id/pdf': async () => api().get(`/api/invoices/${await validatedInvoice()}/pdf`, as(bakery)),
  'GET /invoices/:id/ubl': async () => api().get(`/api/invoices/${await validatedInvoice()}/ubl`, as(bakery)),
  'POST /invoices/preview': () => api().post('/api/invoices/preview', invoicePayload(ctx.server), as(bakery)),
  'POST /estimates/preview': () => api().post('/api/estimates/preview', quotePayload(ctx.server), as(bakery)),
  'GET /estimates/:id/pdf': async () => {
    const quote = await api().post('/api/estimates', quotePayload(ctx.server), as(bakery));
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    return api().get(`/api/estimates/${quote.body.id}/pdf`, as(bakery));
  },
  'GET /sales-register/:uuid/archive': async () => {
    const [register] = await db()
      .select({ uuid: cashRegisters.uuid })
      .from(cashRegisters)
      .where(eq(cashRegisters.companyId, bakery))
      .orderBy(asc(cashRegisters.id))
      .limit(1);
    const today = todayInParis(ctx.server.deps.now());
    const period = `dateStart=${addDays(today, -7)}&dateEnd=${addDays(today, -1)}`;
    return api().get(`/api/sales-register/${register!.uuid}/archive?${period}`, as(bakery));
  },
  'GET /sales-register/:uuid/receipts/:sha256': async () => {
    const { register, types } = await createRegister(db(), bakery, {
      label: `Politique ${randomUUID().slice(0, 6)}`,
      createdAt: ctx.server.deps.now(),
    });
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(randomUUID()),
    ]);
    const day = todayInParis(ctx.server.deps.now());
    const expense = types.find((t) => t.code === 'depense-especes')!.id;
    const res = await api().put(
      `/api/sales-register/${register.uuid}/days/${day}`,
      {
        movements: [
          {
            id: randomUUID(),
            idTypeMouv: expense,
            amount: 12,
            receipt: { fileName: 'ticket.png', contentType: 'image/png', base64: png.toString('base64') },
          },
        ],
      },
      as(bakery),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return api().get(res.body.expenses[0].receipt.link, as(bakery));
  },
  'GET /my-accounting/great-book/export': async () => {
    const [exercise] = await db()
      .select({ companyId: accountingExercises.companyId })
      .from(accountingExercises)
      .orderBy(asc(accountingExercises.id))
      .limit(1);
    return api().get('/api/my-accounting/great-book/export?accounts=411', as(exercise!.companyId));
  },
  'GET /my-accounting/required-details/:id/files/:fileId': async () => {
    const [answer] = await db()
      .select({
        id: accountingRequestAnswers.id,
        requestId: accountingRequests.id,
        companyId: accountingRequests.companyId,
      })
      .from(accountingRequestAnswers)
      .innerJoin(accountingRequests, eq(accountingRequests.id, accountingRequestAnswers.requestId))
      .where(sql`jsonb_array_length(${accountingRequestAnswers.files}) > 0`)
      .limit(1);
    expect(answer, 'la démo doit avoir une réponse avec un fichier').toBeDefined();
    return api().get(
      `/api/my-accounting/required-details/${answer!.requestId}/files/${answer!.id * 100}`,
      as(answer!.companyId),
    );
  },
  'GET /my-account/statement/export': async () => [
    await api().get('/api/my-account/statement/export?format=pdf', as(bakery)),
    await api().get('/api/my-account/statement/export?format=csv', as(bakery)),
  ],
  'GET /my-account/invoices/:id/pdf': async () => {
    const list = await api().get('/api/my-account/invoices', as(bakery));
    return api().get(`/api/my-account/invoices/${list.body.items[0].id}/pdf`, as(bakery));
  },
  'GET /received-invoices/:id/file': async () => {
    const [row] = await db()
      .select({ id: receivedInvoices.id, companyId: receivedInvoices.companyId })
      .from(receivedInvoices)
      .orderBy(asc(receivedInvoices.id))
      .limit(1);
    expect(row, 'la démo doit avoir une facture reçue').toBeDefined();
    return api().get(`/api/received-invoices/${row!.id}/file`, as(row!.companyId));
  },
};

async function garageDocument(): Promise<number> {
  const [doc] = await db().select({ id: documents.id }).from(documents).where(eq(documents.companyId, garage)).limit(1);
  return doc!.id;
}

let invoiceId: number | undefined;
/** A validated invoice of the bakery (a Factur-X PDF, and its UBL). */
async function validatedInvoice(): Promise<number> {
  if (invoiceId) return invoiceId;
  const draft = await api().post('/api/invoices', invoicePayload(ctx.server), as(bakery));
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const v = await api().put(`/api/invoices/${draft.body.id}/validate`, {}, as(bakery));
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  invoiceId = draft.body.id as number;
  return invoiceId;
}

beforeAll(() => {
  bakery = ctx.company(MARTIN);
  garage = ctx.company(GARAGE);
});

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('stored and generated files keep their own policy', () => {
  it('the contract’s file endpoints are the ones this test calls, no fewer, no more', () => {
    expect(fileEndpoints()).toEqual(Object.keys(CASES).sort());
  });

  it("every file answer says default-src 'none' and sandbox, never the app’s policy", async () => {
    const wrong: string[] = [];
    for (const [name, call] of Object.entries(CASES)) {
      const answers = [await call()].flat();
      for (const res of answers) {
        const csp = res.headers.get('content-security-policy');
        const d = directives(csp);
        if (res.status < 200 || res.status > 299)
          wrong.push(`${name} : ${res.status} ${String(res.body).slice(0, 120)}`);
        else if (d.get('default-src')?.join(' ') !== "'none'" || !d.has('sandbox') || d.has('script-src'))
          wrong.push(`${name} (${res.status}) : ${csp}`);
        if (res.headers.get('x-content-type-options') !== 'nosniff') wrong.push(`${name} : sans nosniff`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the app’s answers keep the app’s policy', async () => {
    const json = await api().get('/api/user/me', as(bakery));
    expect(directives(json.headers.get('content-security-policy')).get('default-src')).toEqual(["'self'"]);
    const error = await api().get(`/api/ged/documents/999999999/view`, as(garage));
    expect(error.status).toBe(404);
    expect(directives(error.headers.get('content-security-policy')).get('default-src')).toEqual(["'self'"]);
  });
});
