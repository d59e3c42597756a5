import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GARAGE, MARTIN } from '../support/invoice-helpers';
import { PNG_BYTES } from '../support/uploads';
import { useTestServer } from '../support/use-test-server';

// Decision 039: « Ma comptabilité ». The firm (admin) imports the fixture FEC of
// tests/fixtures/fec into the garage (no seeded accounting); every figure below is hand-computed from
// that file's 12 entries (30 lines). The bakery's seeded exercises serve isolation.

const FIXTURES = join(import.meta.dirname, '../fixtures/fec');
const NAME = '123456789FEC20251231.txt';
const SAMPLE = readFileSync(join(FIXTURES, NAME));
const BROKEN = readFileSync(join(FIXTURES, 'broken', NAME));
/** 3 000 internal transfers (580000 to itself): lines enough for the importer to write several batches. */
const TRANSFERS = Array.from({ length: 3000 }, (_, i) =>
  [
    ['1,00', '0,00'],
    ['0,00', '1,00'],
  ]
    .map(([d, c]) =>
      [
        'OD',
        'Opérations diverses',
        `OD9${i}`,
        '20250601',
        '580000',
        'Virements internes',
        '',
        '',
        `T${i}`,
        '20250601',
        'Virement interne',
        d,
        c,
        '',
        '',
        '20250615',
        '',
        '',
      ].join('\t'),
    )
    .join('\n'),
).join('\n');
/** The sample, one sale of April (net 100 €) and the transfers: the replacement file. */
const REPLACEMENT = Buffer.concat([
  SAMPLE,
  Buffer.from(`${TRANSFERS}\n`),
  Buffer.from(
    [
      ['411000', 'Clients', '120,00', '0,00'],
      ['706000', 'Prestations de services', '0,00', '100,00'],
      ['445710', 'TVA collectée', '0,00', '20,00'],
    ]
      .map(([a, l, d, c]) =>
        [
          'VT',
          'Ventes',
          'VT0004',
          '20250410',
          a,
          l,
          '',
          '',
          'VT-4',
          '20250410',
          'Facture F2025-004',
          d,
          c,
          '',
          '',
          '20250415',
          '',
          '',
        ].join('\t'),
      )
      .join('\n') + '\n',
  ),
]);

const ctx = useTestServer({ signIn: ['demo', 'admin'] });
let garage: number;
let bakery: number;
beforeAll(async () => {
  garage = ctx.company(GARAGE);
  bakery = ctx.company(MARTIN);
  const res = await importFile(SAMPLE);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
});

const api = () => ctx.server.api;
const as = (who: 'demo' | 'admin', company = garage, over: Record<string, unknown> = {}) => ({
  token: who === 'demo' ? ctx.demo : ctx.admin,
  company,
  ...over,
});
const get = (path: string, who: 'demo' | 'admin' = 'demo', company = garage) => api().get(path, as(who, company));

function importFile(bytes: Uint8Array, opts: { who?: 'demo' | 'admin'; key?: string; name?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart], { type: 'text/plain' }), opts.name ?? NAME);
  return api().request('POST', '/api/my-accounting/imports', {
    ...as(opts.who ?? 'admin'),
    rawBody: form,
    idempotencyKey: opts.key,
  });
}

describe('accounting: FEC import', () => {
  it('refuses a broken file with a French report (line, column, reason, count) and changes nothing', async () => {
    const before = await get('/api/my-accounting/periods');
    const res = await importFile(BROKEN);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^FEC refusé : \d+ anomalies\. Aucune donnée n’a été modifiée\.$/);
    const faults = res.body.faults.map((f: any) => [f.line, f.column]);
    expect(faults).toEqual(
      expect.arrayContaining([
        [2, 'EcritureNum'],
        [6, 'Debit'],
        [8, 'EcritureDate'],
        [10, 'ValidDate'],
      ]),
    );
    expect(res.body.faultCount).toBe(res.body.faults.length);
    expect(res.body.errors).toContain(
      'Ligne 6, colonne Debit : Le débit et le crédit sont tous deux renseignés sur la même ligne.',
    );
    expect((await get('/api/my-accounting/periods')).body).toEqual(before.body);
  });

  it('is the firm’s: a client cannot import (403)', async () => {
    const res = await importFile(SAMPLE, { who: 'demo' });
    expect(res.status).toBe(403);
  });

  it('keeps the history: file name, SIREN and closing date from the name, lines, entries, totals, who, hash', async () => {
    const res = await get('/api/my-accounting/imports');
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({
      fileName: NAME,
      siren: '123456789',
      closingDate: '2025-12-31',
      dateStart: '2025-01-01',
      dateEnd: '2025-12-31',
      lines: 30,
      entries: 12,
      totalDebit: 19890,
      totalCredit: 19890,
      encoding: 'utf-8',
      separator: 'tab',
      importedBy: { firstName: 'Julien', name: 'Rousseau' },
    });
    expect(res.body.items[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('replays an upload with the same Idempotency-Key, refuses the key with another file', async () => {
    const key = `fec-replay-${Date.now()}`;
    const first = await importFile(SAMPLE, { key });
    expect(first.status).toBe(201);
    const again = await importFile(SAMPLE, { key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const history = await get('/api/my-accounting/imports');
    expect(history.body.items.filter((i: any) => i.id === first.body.id)).toHaveLength(1);
    expect((await importFile(REPLACEMENT, { key })).status).toBe(422);
  });
});

describe('accounting: consultation (ACC-3)', () => {
  it('lists the periods and the journals with their totals', async () => {
    const periods = await get('/api/my-accounting/periods');
    expect(periods.body).toMatchObject([
      {
        dateStart: '2025-01-01',
        dateEnd: '2025-12-31',
        lines: 30,
        entries: 12,
        label: 'Exercice du 01/01/2025 au 31/12/2025',
      },
    ]);
    const journals = await get('/api/my-accounting/journals');
    expect(journals.body.map((j: any) => [j.code, j.lines, j.debit, j.credit])).toEqual([
      ['AC', 6, 480, 480],
      ['AN', 3, 10000, 10000],
      ['BQ', 10, 4410, 4410],
      ['OD', 2, 800, 800],
      ['VT', 9, 4200, 4200],
    ]);
  });

  it('gives the great book by account with running balances, paged by cursor', async () => {
    const all = await get('/api/my-accounting/great-book?accounts=411&pageSize=50');
    expect(all.status).toBe(200);
    expect(all.body.items.map((l: any) => [l.date, l.journal, l.debit, l.credit, l.balance, l.lettering])).toEqual([
      ['2025-01-15', 'VT', 1200, 0, 1200, 'A'],
      ['2025-01-31', 'BQ', 0, 1200, 0, 'A'],
      ['2025-02-20', 'VT', 600, 0, 600, null],
      ['2025-03-10', 'VT', 2400, 0, 3000, null],
    ]);
    expect(all.body.accounts).toEqual([
      { account: '411000', label: 'Clients', accountClass: 4, opening: 0, debit: 4200, credit: 1200, balance: 3000 },
    ]);
    const first = await get('/api/my-accounting/great-book?accounts=411&pageSize=2');
    expect(first.body.total).toBe(4);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await get(`/api/my-accounting/great-book?accounts=411&pageSize=2&after=${first.body.next}`);
    expect(second.body.items.map((l: any) => l.balance)).toEqual([600, 3000]);
    expect(second.body.next).toBeNull();
    // A period inside the exercise: the balance before it is the opening.
    const march = await get('/api/my-accounting/great-book?accounts=411,512&dateStart=2025-03-01&dateEnd=2025-03-31');
    expect(march.body.accounts.map((a: any) => [a.account, a.opening, a.debit, a.credit, a.balance])).toEqual([
      ['411000', 600, 2400, 0, 3000],
      ['512000', 8840, 0, 850, 7990],
    ]);
    expect((await get('/api/my-accounting/great-book?after=nope')).status).toBe(422);
  });

  it('exports a selection of the great book as CSV', async () => {
    const res = await get('/api/my-accounting/great-book/export?accounts=411');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toContain('Compte;Libellé du compte;Date');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(/^411000;Clients;2025-03-10;VT;VT0003;VT-3;.*;2400,00;0,00;;3000,00$/);
  });

  it('searches entries by text (accents ignored), amount range and journal, paged', async () => {
    const search = (body: object) => api().put('/api/my-accounting/entries', body, as('demo'));
    const text = await search({ q: 'pneus ETE' });
    expect(text.status).toBe(200);
    expect(text.body.items.map((l: any) => l.account)).toEqual(['411000', '707000', '445710']);
    const amounts = await search({ amountMin: 2000 });
    expect(amounts.body.total).toBe(7);
    const bank = await search({ journals: ['BQ'], pageSize: 4 });
    expect(bank.body.total).toBe(10);
    const next = await search({ journals: ['BQ'], pageSize: 4, after: bank.body.next });
    expect(next.body.items[0].id).toBeGreaterThan(bank.body.items[3].id);
    expect((await search({ amountMin: 10, amountMax: 5 })).status).toBe(422);
    expect((await search({ dateStart: '2025-02-30' })).status).toBe(422);
    expect((await search({ dateStart: '2031-01-01' })).status).toBe(404);
  });

  it('saves the search state per user and company', async () => {
    expect((await get('/api/my-accounting')).body).toEqual({ period: null, accounts: [], requiredDetails: [] });
    const state = {
      period: { exercise: null, dateStart: '2025-03-01', dateEnd: '2025-03-31' },
      accounts: ['411'],
      requiredDetails: [],
    };
    expect((await api().put('/api/my-accounting', state, as('demo'))).body).toEqual(state);
    expect((await get('/api/my-accounting')).body).toEqual(state);
    expect((await get('/api/my-accounting', 'admin')).body.accounts).toEqual([]);
  });
});

describe('accounting: dashboards', () => {
  it('result, incomes and expenses by month', async () => {
    const result = await get('/api/my-accounting/dashboard/result/last');
    expect(result.body).toMatchObject({ revenue: 3500, expenses: 1200, result: 2300, previous: null });
    const incomes = await get('/api/my-accounting/dashboard/incomes');
    expect(incomes.body.months.slice(0, 4).map((m: any) => [m.month, m.amount, m.previous])).toEqual([
      ['2025-01', 1000, null],
      ['2025-02', 500, null],
      ['2025-03', 2000, null],
      ['2025-04', 0, null],
    ]);
    expect(incomes.body.months).toHaveLength(12);
    expect(incomes.body.total).toBe(3500);
    expect(incomes.body.byAccount).toEqual([
      { account: '707000', label: 'Ventes de marchandises', amount: 2000 },
      { account: '706000', label: 'Prestations de services', amount: 1500 },
    ]);
    const expenses = await get('/api/my-accounting/dashboard/expenses');
    expect(expenses.body.months.slice(0, 3).map((m: any) => m.amount)).toEqual([300, 0, 900]);
    expect(expenses.body.total).toBe(1200);
  });

  it('treasury by month end, treasury accounts, receivables and payables', async () => {
    const treasury = await get('/api/my-accounting/dashboard/treasury');
    expect(treasury.body.months.map((m: any) => m.amount)).toEqual([11200, 8840, 8040, ...Array(9).fill(8040)]);
    const accounts = await get('/api/my-accounting/dashboard/treasury-accounts/index');
    expect(accounts.body).toMatchObject({
      accounts: [
        { account: '512000', label: 'Banque Crédit Agricole', balance: 7990 },
        { account: '530000', label: 'Caisse', balance: 50 },
      ],
      total: 8040,
    });
    const balance = await get('/api/my-accounting/dashboard/accounts');
    expect(balance.body).toMatchObject({ receivables: 3000, payables: 120 });
    expect(balance.body.accounts.find((a: any) => a.account === '512000')).toMatchObject({
      opening: 10000,
      debit: 1200,
      credit: 3210,
      balance: 7990,
    });
  });

  it('compares with the previous exercise (the bakery’s two seeded exercises)', async () => {
    const incomes = await get('/api/my-accounting/dashboard/incomes', 'demo', bakery);
    expect(incomes.body.previousExercise).not.toBeNull();
    expect(incomes.body.months[0].previous).toBeGreaterThan(0);
    const result = await get('/api/my-accounting/dashboard/result/last', 'demo', bakery);
    expect(result.body.previous.revenue).toBeGreaterThan(0);
  });

  it('counts a broad search up to 1 000 lines, says so, and pages on past them', async () => {
    // Last year's exercise, whole: the one under way may hold a few days of lines only (in January).
    const [last] = (await get('/api/my-accounting/periods', 'demo', bakery)).body.slice(-1) as Array<{ id: number }>;
    const search = (body: object) =>
      api().put('/api/my-accounting/entries', { exercise: last!.id, ...body }, as('demo', bakery));
    const all = await search({ pageSize: 500 });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 1000, totalIsLowerBound: true });
    let after = all.body.next;
    for (let page = 0; page < 2; page++) after = (await search({ pageSize: 500, after })).body.next;
    const beyond = await search({ pageSize: 500, after });
    expect(beyond.body.items.length).toBeGreaterThan(0);
    // A line with a zero debit is no match for a range starting at 0: its amount is its credit.
    const small = await search({ amountMin: 0, amountMax: 1, journals: ['VT'] });
    expect(small.body.items.every((l: { debit: number; credit: number }) => l.debit <= 1 && l.credit <= 1)).toBe(true);
  });
});

describe('accounting: isolation and rights', () => {
  it('answers 404 for another company’s exercise or request', async () => {
    const [bakeryExercise] = (await get('/api/my-accounting/periods', 'demo', bakery)).body;
    expect((await get(`/api/my-accounting/great-book?exercise=${bakeryExercise.id}`)).status).toBe(404);
    expect((await get(`/api/my-accounting/dashboard/incomes?exercise=${bakeryExercise.id}`)).status).toBe(404);
    const [request] = (await get('/api/my-accounting/required-details', 'demo', bakery)).body.items;
    expect((await get(`/api/my-accounting/required-details/${request.id}`)).status).toBe(404);
  });
});

describe('accounting: information requests', () => {
  it('firm asks → type 2 notification → client answers with text and a file → firm closes', async () => {
    const line = (await get('/api/my-accounting/great-book?accounts=607')).body.items[0];
    const denied = await api().post(
      '/api/my-accounting/required-details',
      { lineId: line.id, kind: 'document', question: 'La facture ?' },
      as('demo'),
    );
    expect(denied.status).toBe(403);
    const created = await api().post(
      '/api/my-accounting/required-details',
      { lineId: line.id, kind: 'document', question: 'Pouvez-vous déposer la facture de ces pièces ?' },
      as('admin'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      statusLabel: 'Ouverte',
      entry: {
        date: '2025-01-20',
        journal: 'AC',
        entryNumber: 'AC0001',
        piece: 'AC-1',
        account: '607000',
        amount: 300,
      },
    });
    // The client's bell: a type 2 notification that leads to this request.
    const bell = await get('/api/notifications');
    const note = bell.body.items.find((n: any) => n.type === 2 && n.label.includes('AC AC-1'));
    expect(note).toBeDefined();
    const opened = await get(`/api/my-accounting/required-details?notification=${note.id}`);
    expect(opened.body.items.map((r: any) => r.id)).toEqual([created.body.id]);

    const form = new FormData();
    form.append('text', 'Voici la facture du fournisseur.');
    form.append('file', new Blob([PNG_BYTES as BlobPart], { type: 'image/png' }), 'facture.png');
    const key = `answer-${created.body.id}-${Date.now()}`;
    const answer = () =>
      api().request('POST', `/api/my-accounting/required-details/${created.body.id}/answers`, {
        ...as('demo'),
        rawBody: form,
        idempotencyKey: key,
      });
    const answered = await answer();
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.status).toBe('answered');
    expect(answered.body.answers).toHaveLength(1);
    const replayed = await answer();
    expect(replayed.body).toEqual(answered.body);
    const file = await api().get(answered.body.answers[0].files[0].link, as('admin'));
    expect(file.status).toBe(200);
    expect(new Uint8Array(file.raw)).toEqual(PNG_BYTES);
    // The firm user who asked is told, once (the replay sent nothing more), and the notice opens the request.
    const firmBell = (await api().get('/api/notifications', as('admin'))).body.items.filter(
      (n: any) => n.type === 2 && n.label === 'Réponse à la demande d’information : AC AC-1 – ' + line.label,
    );
    expect(firmBell).toHaveLength(1);
    expect(firmBell[0]).toMatchObject({ createdAt: answered.body.answers[0].answeredAt, readAt: null });
    const fromNotice = await api().get(
      `/api/my-accounting/required-details?notification=${firmBell[0].id}`,
      as('admin'),
    );
    expect(fromNotice.body.items.map((r: any) => r.id)).toEqual([created.body.id]);
    // The client, who answered, gets no notice of her own answer.
    expect((await get('/api/notifications')).body.items.filter((n: any) => n.label.startsWith('Réponse'))).toEqual([]);

    const close = (who: 'demo' | 'admin') =>
      api().put(`/api/my-accounting/required-details/${created.body.id}/close`, { closed: true }, as(who));
    expect((await close('demo')).status).toBe(403);
    const closed = await close('admin');
    expect(closed.body).toMatchObject({ status: 'closed', statusLabel: 'Clôturée' });
    const late = new FormData();
    late.append('text', 'Encore une chose');
    const refused = await api().request('POST', `/api/my-accounting/required-details/${created.body.id}/answers`, {
      ...as('demo'),
      rawBody: late,
    });
    expect(refused.status).toBe(409);
  });
});

describe('accounting: atomic replacement', () => {
  it('a reader during a slow import sees the old exercise, then the new one, never a mix', async () => {
    const revenue = async () => (await get('/api/my-accounting/dashboard/result/last')).body.revenue;
    const bookTotal = async () => (await get('/api/my-accounting/great-book?accounts=411')).body.total;
    expect(await revenue()).toBe(3500);
    // The multipart body, sent in two halves with a pause between them.
    const boundary = `----fec${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${NAME}"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const half = Math.floor(REPLACEMENT.length / 2);
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(Buffer.concat([head, REPLACEMENT.subarray(0, half)])));
        await paused;
        controller.enqueue(new Uint8Array(Buffer.concat([REPLACEMENT.subarray(half), tail])));
        controller.close();
      },
    });
    const upload = fetch(`${ctx.server.url}/api/my-accounting/imports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.admin}`,
        'x-company-id': String(garage),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    // Half the file is in: its first lines are written (under an import no reader looks at yet).
    const staged = async () =>
      (
        (
          await ctx.server.deps.db.execute(
            sql`select count(*)::int as n from accounting_lines l join accounting_imports i on i.id = l.import_id where i.status = 'loading'`,
          )
        ).rows[0] as { n: number }
      ).n;
    await vi.waitFor(async () => expect(await staged()).toBeGreaterThan(0), { timeout: 60_000, interval: 50 });
    expect(await revenue()).toBe(3500);
    expect(await bookTotal()).toBe(4);
    resume();
    const res = await upload;
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await revenue()).toBe(3600);
    expect(await bookTotal()).toBe(5);
    const periods = await get('/api/my-accounting/periods');
    expect(periods.body).toHaveLength(1);
    expect(periods.body[0].lines).toBe(6033);
    const history = (await get('/api/my-accounting/imports')).body.items;
    expect(history[0]).toMatchObject({ lines: 6033, replaced: false });
    expect(history[1]).toMatchObject({ lines: 30, replaced: true });
  });
});
