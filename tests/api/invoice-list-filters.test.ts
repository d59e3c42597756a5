import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterInvoices,
  filterQuotes,
  invoiceQuery,
  quoteQuery,
  sortDocuments,
  EMPTY_INVOICE_FILTERS,
  EMPTY_QUOTE_FILTERS,
  type InvoiceFilters,
  type InvoiceListRow,
  type QuoteFilters,
  type QuoteListRow,
} from '../../src/features/invoices-lists/list-model';
import { companyId, invoicePayload, MARTIN, today } from '../support/invoice-helpers';
import { startTestServer, type TestServer } from '../support/test-server';

// The lists filter on the server online and on the device's copy offline: the same filters must
// give the same rows in the same order (src/features/invoices-lists/list-model.ts).

let server: TestServer;
let token: string;
let martin: number;
let allInvoices: InvoiceListRow[];
let allQuotes: QuoteListRow[];

const get = async <T>(path: string, query: object) => {
  const qs = new URLSearchParams({ ...(query as Record<string, string>), pageSize: '10000' });
  const res = await server.api.get(`${path}?${qs}`, { token, company: martin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as T[];
};

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.api.login('demo')).token;
  martin = companyId(server, MARTIN);
  // A second draft, so "drafts first, newest first" is checked too.
  expect(
    (
      await server.api.post('/api/invoices', invoicePayload(server, { designation: 'Second brouillon' }), {
        token,
        company: martin,
      })
    ).status,
  ).toBe(201);
  allInvoices = await get<InvoiceListRow>('/api/factures', {});
  allQuotes = await get<QuoteListRow>('/api/estimates', {});
});
afterAll(() => server?.close());

const ids = (rows: Array<{ id: number | string }>) => rows.map((r) => r.id);

describe('offline filters agree with GET /api/factures and /api/estimates', () => {
  it('sorts like the server: drafts first, then number descending', () => {
    expect(allInvoices.filter((r) => !r.number).length).toBeGreaterThanOrEqual(2);
    expect(ids(sortDocuments([...allInvoices].reverse()))).toEqual(ids(allInvoices));
    expect(ids(sortDocuments([...allQuotes].reverse()))).toEqual(ids(allQuotes));
  });

  const firstCustomer = () => allInvoices.find((r) => r.number)!.customer!;
  const invoiceCases: Array<() => Partial<InvoiceFilters>> = [
    () => ({ status: 'brouillon' }),
    () => ({ status: 'validee' }),
    () => ({ status: 'payee' }),
    () => ({ status: 'impayee' }),
    () => ({ status: 'retard' }),
    () => ({ type: 'Avoir' }),
    () => ({ validated: 'true', type: 'Facture' }),
    () => ({ customer: firstCustomer().accountNumber }),
    () => ({ q: firstCustomer().socialReason.toUpperCase() }),
    () => ({ q: allInvoices.find((r) => r.number)!.number! }),
    () => ({ from: `${today(server).slice(0, 7)}-01`, to: today(server) }),
    () => ({ status: 'impayee', from: '2000-01-01', q: 'c0000' }),
  ];
  it.each(invoiceCases.map((c, i) => [i, c] as const))('invoice case %i', async (_i, make) => {
    const query = invoiceQuery({ ...EMPTY_INVOICE_FILTERS, ...make() });
    const fromServer = await get<InvoiceListRow>('/api/factures', query ?? {});
    expect(ids(filterInvoices(allInvoices, query, today(server)))).toEqual(ids(fromServer));
  });

  const quoteCases: Array<() => Partial<QuoteFilters>> = [
    () => ({ state: 'Accepté' }),
    () => ({ state: 'En cours' }),
    () => ({ state: 'Facturé' }),
    () => ({ state: 'Annulé' }),
    () => ({ customer: allQuotes[0].customer!.accountNumber }),
    () => ({ q: allQuotes[0].number! }),
    () => ({ from: today(server), to: today(server) }),
  ];
  it.each(quoteCases.map((c, i) => [i, c] as const))('quote case %i', async (_i, make) => {
    const query = quoteQuery({ ...EMPTY_QUOTE_FILTERS, ...make() });
    expect(ids(filterQuotes(allQuotes, query))).toEqual(ids(await get<QuoteListRow>('/api/estimates', query)));
  });
});
