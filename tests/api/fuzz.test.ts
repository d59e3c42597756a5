import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from '../support/test-server';
import { fuzzRequest, type FuzzRequest, type Operation, operationsOf } from '../support/fuzz-arbitraries';
import { MARTIN, companyId, invoicePayload, quotePayload, today } from '../support/invoice-helpers';
import { AMOUNT_LIMIT_MESSAGES, totalTooBigMessage } from '../../src/domain/amount-limits';
import { ARTICLE_MESSAGES } from '../../src/domain/articles';
import { DATE_OUT_OF_BOUNDS } from '../../src/domain/dates';

// Decision 009: bad input never gets a 500. Every endpoint of the published OpenAPI document
// is called with random bodies derived from its schema (and deliberately breaking it), random
// query strings and random path ids, as demo (member of companies), admin and nobody. Zero 5xx,
// every 4xx carries a French message, and the server logs no fault. Bounded by a number of requests,
// not by time (a time bound did less on a busy machine, and `npm test` runs its lanes side by side,
// decision 029): a fixed seed (reproducible) sends FUZZ_RUNS requests, a random one a third of them
// (it adds new paths at each run, decision 017); a failure prints its seed and path (fc.assert's
// report), to replay with FUZZ_SEED=<seed>; FUZZ_RUNS=<n> fuzzes longer.

// On PostgreSQL (the api-pg project) the same fixed seed would send the very same requests again:
// another fixed seed instead, and half as many, so the two lanes together reach more paths than one
// seed twice, for less time (the api-pg project runs the whole API suite on both databases).
const ON_POSTGRES = !!inject('apiPg');
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? (ON_POSTGRES ? 225 : 450));
const RANDOM_RUNS = Math.ceil(FUZZ_RUNS / 3);
const FUZZ_TIMEOUT = 180_000;
const FIXED_SEED = ON_POSTGRES ? 20261126 : 20261123;
/** Revokes the very token the fuzzing signs in with: every later call would only test the 401. */
const EXCLUDED = new Set(['POST /api/logout']);

let server: TestServer;
let tokens: Record<'demo' | 'admin', string>;
let operations: Operation[];
let companyIds: number[];
let errorLog: ReturnType<typeof vi.spyOn>;
let examples: Record<string, unknown[]>;
let knownIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  tokens = { demo: (await server.api.login('demo')).token, admin: (await server.api.login('admin')).token };
  const doc = (await server.api.get('/api/openapi.json')).body;
  operations = operationsOf(doc).filter((op) => !EXCLUDED.has(`${op.method} ${op.path}`));
  const martin = companyId(server, MARTIN);
  companyIds = [
    martin,
    ...server
      .seed!.companies.filter((c) => c.id !== martin)
      .slice(0, 2)
      .map((c) => c.id),
  ];
  ({ examples, knownIds } = await validExamples(martin));
  errorLog = vi.spyOn(console, 'error');
});
afterAll(async () => {
  errorLog?.mockRestore();
  await server?.close();
});

/** Valid bodies of the deepest endpoints, and the ids of a draft invoice, a quote, an article and a customer. */
async function validExamples(company: number) {
  const opts = { token: tokens.demo, company };
  const invoice = invoicePayload(server);
  const quote = quotePayload(server);
  const item = {
    code: 'FUZZ1',
    type: 'Standard',
    designation: 'Article',
    label: 'Article du fuzz',
    salesAccount: '706000',
    unitMeasurement: { label: 'unité' },
    unitPriceHT: 12.5,
    vatRate: 20,
    typePurchaseSale: 'Vente',
  };
  const customer = {
    accountNumber: 'CFUZZ1',
    socialReason: 'Client du fuzz',
    adress: '1 rue de la Paix',
    postalCode: '75002',
    city: 'Paris',
    country: 'France',
    billingAddresses: ['2 rue du Bac'],
    email: 'client@example.fr',
    payementDelay: 30,
    isBusiness: true,
    siren: '552032534',
  };
  const ids = [
    (await server.api.post('/api/invoices', invoice, opts)).body.id,
    (await server.api.post('/api/estimates', quote, opts)).body.id,
    (await server.api.post('/api/items', item, opts)).body.id,
  ];
  expect(
    ids.every((id) => Number.isInteger(id)),
    'données de départ du fuzz',
  ).toBe(true);
  expect((await server.api.post('/api/customers', customer, opts)).status).toBe(201);
  const examples: Record<string, unknown[]> = {
    'POST /api/login': [{ username: 'inconnu', password: 'secret' }],
    'POST /api/user/me/forgotten-password': [{ username: 'inconnu' }],
    'PUT /api/user/me': [{ name: 'Démo', email: 'demo@example.fr' }],
    'POST /api/invoices': [invoice],
    'PUT /api/invoices/{id}': [invoice],
    'POST /api/invoices/preview': [invoice],
    'PUT /api/invoices/{id}/payment': [{ paidAt: today(server) }],
    'POST /api/estimates': [quote],
    'PUT /api/estimates/{id}': [quote],
    'POST /api/estimates/preview': [quote],
    'PATCH /api/estimates/{id}': [{ state: 'Accepté' }],
    'POST /api/items': [item],
    'PUT /api/items/{id}': [item],
    'POST /api/customers': [customer],
    'PUT /api/customers/{accountNumber}': [customer],
  };
  return { examples, knownIds: [...ids.map(String), 'CFUZZ1', 'C00001'] };
}

async function send(req: FuzzRequest): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...req.headers };
  if (req.as !== 'none') headers.authorization = `Bearer ${tokens[req.as]}`;
  return server.api.request(req.method, req.url, { headers, rawBody: req.rawBody });
}

/** Heuristic for "a French sentence": French words or letters, none of the English defaults. */
const FRENCH =
  /\b(le|la|les|de|du|des|un|une|est|pas|ce|cette|vous|votre|doit|au|en|et|ou|requise?|invalide|introuvable)\b|[éèàêçùôî’«]/i;
const ENGLISH =
  /^(Invalid|Expected|Required|Unexpected|Unauthorized|Forbidden|Not Found|Bad Request|Internal|Payload)|received |must be/i;

function judge(req: FuzzRequest, res: ApiResponse): string | null {
  const label = `${req.method} ${req.url.slice(0, 300)} (${req.as}) ${req.rawBody?.slice(0, 300) ?? ''}`;
  // A 503 the contract declares (directory not configured) or one asking to retry is an answer, not a fault.
  const plannedUnavailable = res.status === 503 && (req.declared.includes('503') || res.headers.has('retry-after'));
  if (res.status >= 500 && !plannedUnavailable)
    return `${res.status} ← ${label} → ${JSON.stringify(res.body).slice(0, 300)}`;
  if (res.status >= 400) {
    const message = (res.body as { message?: unknown })?.message;
    if (typeof message !== 'string' || !FRENCH.test(message) || ENGLISH.test(message))
      return `${res.status} sans message français ← ${label} → ${JSON.stringify(res.body).slice(0, 300)}`;
  }
  return null;
}

async function fuzz(seed: number, numRuns: number) {
  const started = Date.now();
  let runs = 0;
  const property = fc.asyncProperty(fuzzRequest(operations, companyIds, examples, knownIds), async (req) => {
    runs++;
    const problem = judge(req, await send(req));
    if (problem) throw new Error(problem);
  });
  try {
    await fc.assert(property, {
      seed,
      numRuns,
      endOnFailure: true,
    });
  } catch (error) {
    console.log(`Fuzz en échec, graine ${seed} (rejouer avec FUZZ_SEED=${seed})`);
    throw error;
  }
  console.log(
    `fuzz: graine ${seed}, ${runs} requêtes en ${((Date.now() - started) / 1000).toFixed(1)} s sur ${operations.length} opérations`,
  );
  expect(runs).toBeGreaterThan(operations.length);
}

describe('the issue’s 500s are French 400/422 answers', () => {
  const opts = () => ({ token: tokens.demo, company: companyIds[0] });
  const expect400 = (res: ApiResponse, field: string | undefined, label: string) => {
    expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.message, label).toMatch(/caractère de contrôle ou invalide/);
    if (field) expect(res.body.field, label).toBe(field);
  };

  it('refuses NUL in every text field of invoices and quotes, naming the field, storing nothing', async () => {
    const before = (await server.api.get('/api/factures?pageSize=1', opts())).body.total;
    const fields: Array<[string, (p: any) => void]> = [
      ['designation', (p) => (p.designation = 'a\u0000b')],
      ['payementMode', (p) => (p.payementMode = '\u0000')],
      ['billingAdress', (p) => (p.billingAdress = '1 rue\u0000')],
      ['vatClause', (p) => (p.vatClause = '\u0000')],
      ['customer.accountNumber', (p) => (p.customer.accountNumber = 'C0\u00000001')],
      ['lines.0.label', (p) => (p.lines[0].label = 'Baguette\u0000')],
      ['lines.1.code', (p) => (p.lines[1].code = '\u0000')],
      ['lines.0.unitMeasurement', (p) => (p.lines[0].unitMeasurement = '\u0000')],
      ['lines.0.salesAccount', (p) => (p.lines[0].salesAccount = '70\u00007')],
    ];
    const draft = (await server.api.post('/api/invoices', invoicePayload(server), opts())).body.id;
    for (const [field, spoil] of fields) {
      const invoice = structuredClone(invoicePayload(server));
      spoil(invoice);
      expect400(await server.api.post('/api/invoices', invoice, opts()), field, `POST facture ${field}`);
      expect400(await server.api.put(`/api/invoices/${draft}`, invoice, opts()), field, `PUT facture ${field}`);
      expect400(await server.api.post('/api/invoices/preview', invoice, opts()), field, `aperçu ${field}`);
      const quote: any = structuredClone(quotePayload(server));
      quote.lines.push({ ...quote.lines[0] });
      spoil(quote); // a quote has no payementMode: the edge refuses the unknown field's NUL all the same
      expect400(await server.api.post('/api/estimates', quote, opts()), field, `POST devis ${field}`);
    }
    expect((await server.api.get('/api/factures?pageSize=1', opts())).body.total).toBe(before + 1);
  });

  it('refuses other controls and lone surrogates, keeps tabs and line breaks of multi-line text', async () => {
    expect400(
      await server.api.post('/api/invoices', invoicePayload(server, { designation: 'a\u0007' }), opts()),
      'designation',
      'BEL',
    );
    expect400(
      await server.api.post('/api/invoices', invoicePayload(server, { designation: '\ud800' }), opts()),
      'designation',
      'surrogate',
    );
    expect400(
      await server.api.request('POST', '/api/invoices', {
        ...opts(),
        headers: { 'content-type': 'application/json' },
        rawBody: '{"vatClause":"\\udc00"}',
      }),
      'vatClause',
      'surrogate échappé',
    );
    const multiLine = await server.api.post(
      '/api/invoices',
      invoicePayload(server, { billingAdress: 'Hôtel du Parc\r\n1 rue\tdu Lac' }),
      opts(),
    );
    expect(multiLine.status, JSON.stringify(multiLine.body)).toBe(201);
    expect(multiLine.body.billingAdress).toBe('Hôtel du Parc\r\n1 rue\tdu Lac');
  });

  it('refuses NUL in the sign-in and forgotten-password user names', async () => {
    expect400(await server.api.post('/api/login', { username: 'demo\u0000', password: 'demo' }), 'username', 'login');
    expect400(await server.api.post('/api/user/me/forgotten-password', { username: '\u0000' }), 'username', 'oubli');
  });

  it('refuses NUL in query strings and path segments', async () => {
    for (const url of [
      '/api/factures?q=%00',
      '/api/factures?customer=%00',
      '/api/estimates?q=%00',
      '/api/estimates?customer=a%00',
      '/api/items?q=%00',
      '/api/customers?q=%00',
      '/api/my-documents?q=%00',
    ]) {
      const res = await server.api.get(url, opts());
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/^Le paramètre « (q|customer) » contient un caractère de contrôle/);
    }
    for (const url of [
      '/api/customers/%00/documents',
      '/api/customers/%00',
      '/api/invoices/1%00',
      '/api/ged/documents/%1F/view',
    ]) {
      const res = await server.api.get(url, opts());
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(
        'L’adresse de la requête contient un caractère de contrôle ou invalide, non autorisé.',
      );
    }
  });

  it('refuses amounts beyond the database’s numeric range with the rulebook’s messages (422)', async () => {
    const huge = [
      {
        code: '00',
        type: 'Standard',
        label: 'x',
        quantity: 9_999_999_999,
        unitMeasurement: '',
        unitPrice: 100,
        salesAccount: '',
        vatRate: 20,
      },
    ] as any;
    const invoice = await server.api.post('/api/invoices', invoicePayload(server, { lines: huge }), opts());
    expect(invoice.status).toBe(422);
    expect(invoice.body.errors).toEqual(
      expect.arrayContaining([AMOUNT_LIMIT_MESSAGES.quantityTooBig, totalTooBigMessage('facture')]),
    );
    const quote = await server.api.post('/api/estimates', quotePayload(server, { lines: huge }), opts());
    expect(quote.status).toBe(422);
    expect(quote.body.errors).toEqual(expect.arrayContaining([totalTooBigMessage('devis')]));
    const item = await server.api.post(
      '/api/items',
      { code: 'CHER', type: 'Standard', label: 'Trop cher', unitPriceHT: 10_000_000_000, vatRate: 20 },
      opts(),
    );
    expect(item.status).toBe(422);
    expect(item.body.errors).toEqual([ARTICLE_MESSAGES.priceTooBig]);
  });

  it('bounds the statistics period and the list date filters to 1900–2100', async () => {
    const admin = { token: tokens.admin };
    const wide = await server.api.get('/api/statistiques/datedebut/0001-01-01/datefin/9999-12-31', admin);
    expect(wide.status).toBe(400);
    expect(wide.body).toMatchObject({
      field: 'startDate',
      message: 'La date de début doit être comprise entre le 01/01/1900 et le 31/12/2100.',
    });
    expect((await server.api.get('/api/statistiques/datedebut/2026-01-01/datefin/2026-02-30', admin)).body.field).toBe(
      'endDate',
    );
    expect((await server.api.get('/api/statistiques/datedebut/1900-01-01/datefin/2100-12-31', admin)).status).toBe(200);
    for (const url of ['/api/factures?from=0001-01-01', '/api/estimates?to=9999-12-31']) {
      const res = await server.api.get(url, opts());
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(DATE_OUT_OF_BOUNDS);
    }
  });
});

describe('fuzzing every JSON endpoint of the OpenAPI document', () => {
  it('finds the whole contract (more than 50 operations)', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it(
    'never answers 5xx nor an English error, with a fixed seed',
    async () => {
      await fuzz(Number(process.env.FUZZ_SEED ?? FIXED_SEED), FUZZ_RUNS);
    },
    FUZZ_TIMEOUT,
  );

  it(
    'never answers 5xx nor an English error, with a random seed',
    async () => {
      // At least one request per operation on average, whatever the share of FUZZ_RUNS.
      await fuzz(Date.now() % 2_147_483_647, Math.max(RANDOM_RUNS, operations.length + 15));
    },
    FUZZ_TIMEOUT,
  );

  it('logs no server fault meanwhile (console.error is for real faults only)', () => {
    expect(errorLog.mock.calls.map((c: unknown[]) => String(c[0]).slice(0, 200))).toEqual([]);
  });
});
