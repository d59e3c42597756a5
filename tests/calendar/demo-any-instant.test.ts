import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayInParis } from '../../src/domain/dates';
import { seedDemo } from '../../server/src/seed/demo';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 076: a demo that holds whatever the instant it is seeded. The demo is dated from that
// instant (deps.now()), so each test seeds an empty server at one of the calendar's edges and reads
// the database: nothing after the instant, every history in order, each business document created
// on its billing day in Paris, the registers closed up to yesterday, every entry in an exercise.

const INSTANTS: Array<[string, string]> = [
  ['the 1st of a month at 08:00', '2026-12-01T08:00:00+01:00'],
  ['31 December at 23:50', '2026-12-31T23:50:00+01:00'],
  ['1 January at 00:10', '2027-01-01T00:10:00+01:00'],
  ['a Sunday', '2027-02-14T09:30:00+01:00'],
  // 02:30 does not exist on that day: the clocks go from 02:00 (winter) to 03:00 (summer). Read with
  // the winter offset, it is 03:30 summer time, the instant a clock not yet changed would show 02:30.
  ['the spring change, at an hour that does not exist (02:30)', '2027-03-28T02:30:00+01:00'],
  ['the autumn change, the first 02:30 (summer time)', '2026-10-25T02:30:00+02:00'],
  ['the autumn change, the second 02:30 (winter time)', '2026-10-25T02:30:00+01:00'],
  ['the last day of a 30-day month at 23:50', '2027-06-30T23:50:00+02:00'],
  ['29 February (a leap day)', '2028-02-29T12:00:00+01:00'],
];

/** Date columns deliberately after today: due dates, a quote's validity, the exercises' ends. */
const FUTURE_DATES = new Set([
  'invoices.due_date',
  'estimates.validated_at',
  'exercises.date_end',
  'accounting_exercises.date_end',
  'accounting_imports.date_end',
  'accounting_imports.closing_date',
]);
/** Timestamps deliberately after now: when a session or a link expires. */
const FUTURE_TIMES = new Set(['expires_at']);

/** Two columns of one row, the first never after the second (when both are set). */
const IN_ORDER: Array<[table: string, earlier: string, later: string]> = [
  ['invoices', 'inserted_at', 'validated_at'],
  ['invoices', 'validated_at', 'sent_at'],
  ['invoices', 'inserted_at', 'updated_at'],
  ['estimates', 'inserted_at', 'updated_at'],
  ['notifications', 'created_at', 'read_at'],
  ['inbox_deposits', 'created_at', 'processed_at'],
  ['deposit_batches', 'created_at', 'started_at'],
  ['deposit_batches', 'started_at', 'finished_at'],
  ['accounting_requests', 'asked_at', 'closed_at'],
  ['users', 'created_at', 'disabled_at'],
  ['users', 'created_at', 'last_sign_in_at'],
  ['sessions', 'created_at', 'revoked_at'],
  ['items', 'created_at', 'updated_at'],
  ['customers', 'created_at', 'updated_at'],
];

/** Rows that come after another table's (a session after its account…): how many are not. */
const AFTER: Array<[what: string, query: ReturnType<typeof sql>]> = [
  [
    'sessions avant la création du compte ou après sa désactivation',
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id
        where s.created_at < u.created_at or s.created_at > coalesce(u.disabled_at, s.created_at)`,
  ],
  [
    'lignes du journal des droits avant la création du compte visé',
    sql`select count(*)::int as n from rights_audit a join users u on u.id = a.target_id where a.at < u.created_at`,
  ],
  [
    'réponses hors de leur demande',
    sql`select count(*)::int as n from accounting_request_answers a join accounting_requests r on r.id = a.request_id
        where a.answered_at < r.asked_at or a.answered_at > coalesce(r.closed_at, a.answered_at)`,
  ],
  [
    'dépôts classés avant d’avoir été déposés',
    sql`select count(*)::int as n from inbox_deposits d join documents doc on doc.id = d.document_id
        where doc.created_at < d.created_at or d.processed_at < d.created_at`,
  ],
  [
    'dépôts classés par un lot terminé avant eux',
    sql`select count(*)::int as n from inbox_deposits d join deposit_batches b on b.id = d.batch_id
        where b.status = 'done' and b.finished_at < d.created_at`,
  ],
  [
    'notifications avant le document qu’elles annoncent',
    sql`select count(*)::int as n from notifications n join documents d on d.id = n.document_id where n.created_at < d.created_at`,
  ],
  [
    'avoirs validés avant la facture qu’ils corrigent',
    sql`select count(*)::int as n from invoices a join invoices f on f.id = a.corrected_invoice_id where a.validated_at < f.validated_at`,
  ],
  [
    'factures et devis créés avant leur client ou leur société',
    sql`select (select count(*) from invoices i join customers c on c.id = i.customer_id join companies co on co.id = i.company_id
                where i.inserted_at < c.created_at or i.inserted_at < co.created_at)
          + (select count(*) from estimates e join customers c on c.id = e.customer_id where e.inserted_at < c.created_at) as n`,
  ],
  [
    'caisses installées après leur premier mouvement, ou mouvements signés avant la clé',
    sql`select count(*)::int as n from cash_movements m join cash_registers r on r.id = m.register_id
        join cash_signing_keys k on k.fingerprint = m.key_id where m.at < r.created_at or m.at < k.created_at`,
  ],
];

type Row = Record<string, unknown>;
/** A list of faults, shortened: the first dozen say what is wrong, the count how often. */
const briefly = (list: string[]) =>
  list.length <= 12 ? list : [...list.slice(0, 12), `… et ${list.length - 12} autres`];
const rows = async (server: TestServer, query: ReturnType<typeof sql>) =>
  (await server.deps.db.execute(query)).rows as Row[];
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
/** The demo users' tokens, signed in once (a sign-in writes a session at the instant: after the SQL checks). */
const signIns = (server: TestServer) => {
  const tokens = new Map<string, Promise<string>>();
  return (user: string) => {
    if (!tokens.has(user))
      tokens.set(
        user,
        server.api.login(user).then((r) => r.token),
      );
    return tokens.get(user)!;
  };
};
type SignIn = ReturnType<typeof signIns>;
const parisDay = (v: unknown) => todayInParis(v instanceof Date ? v : new Date(String(v)));

/** Every timestamp after now and every date after today, but the ones meant to be. */
async function nothingAfterNow(server: TestServer, now: Date, today: string): Promise<string[]> {
  const wrong: string[] = [];
  const columns = await rows(
    server,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and (data_type like 'timestamp%' or data_type = 'date')
        order by table_name, column_name`,
  );
  for (const { table_name: table, column_name: column, data_type: type } of columns as Array<Record<string, string>>) {
    const date = type === 'date';
    if (date ? FUTURE_DATES.has(`${table}.${column}`) : FUTURE_TIMES.has(column)) continue;
    const bound = date ? sql`${today}::date` : sql`${now.toISOString()}::timestamptz`;
    const [found] = await rows(
      server,
      sql`select count(*)::int as n, max(${sql.identifier(column)})::text as latest from ${sql.identifier(table)}
          where ${sql.identifier(column)} > ${bound}`,
    );
    if (Number(found.n) > 0)
      wrong.push(`${table}.${column} : ${found.n} après ${date ? today : 'maintenant'} (${found.latest})`);
  }
  for (const [table, earlier, later] of IN_ORDER) {
    const [found] = await rows(
      server,
      sql`select count(*)::int as n, min(${sql.identifier(earlier)})::text as a, min(${sql.identifier(later)})::text as b
          from ${sql.identifier(table)} where ${sql.identifier(later)} < ${sql.identifier(earlier)}`,
    );
    if (Number(found.n) > 0)
      wrong.push(`${table} : ${found.n} lignes où ${later} < ${earlier} (${found.b} < ${found.a})`);
  }
  for (const [what, query] of AFTER) {
    const [found] = await rows(server, query);
    if (Number(found.n) > 0) wrong.push(`${found.n} ${what}`);
  }
  return wrong;
}

/**
 * The validated invoices' and credit notes' histories, read as « Mes factures » shows them, of the
 * companies whose invoices differ (the other companies' are dated as the garage's, the firm's
 * clients' as its first one's): the bakery's year, the Starter company's month, the garage's, and
 * the accounting firm's to its first client. Every invoice's events are checked in SQL above.
 */
async function histories(server: TestServer, token: SignIn, now: Date): Promise<string[]> {
  const wrong: string[] = [];
  const list = await rows(
    server,
    sql`select i.id, i.company_id, i.number, i.created_at::text as billed, u.username from invoices i
        join lateral (select u.username from memberships m join users u on u.id = m.user_id
                      where m.company_id = i.company_id and u.username in ('demo', 'admin') order by u.username desc limit 1) u on true
        join companies co on co.id = i.company_id
        where i.validated and (co.label in ('Boulangerie Pâtisserie Martin', 'Menuiserie Lefèvre Artisan Bois', 'Garage Dupont & Fils')
          or i.customer_id = (select min(c.id) from customers c join companies f on f.id = c.company_id
                              where f.label = 'Cabinet Workplace Expertise'))
        order by i.id`,
  );
  expect(list.length).toBeGreaterThan(50);
  for (const inv of list) {
    const res = await server.api.get(`/api/invoices/${inv.id}/follow-up`, {
      token: await token(String(inv.username)),
      company: Number(inv.company_id),
    });
    expect(res.status).toBe(200);
    const history = res.body.history as Array<{ kind: string; at: string }>;
    const told = `${inv.number} (facturée le ${inv.billed}) : ${history.map((h) => `${h.kind} ${h.at}`).join(', ')}`;
    const [created, validated, ...after] = history;
    const sent = after.filter((h) => h.kind === 'sent');
    const ordered =
      created?.kind === 'created' &&
      validated?.kind === 'validated' &&
      after.slice(0, sent.length).every((h) => h.kind === 'sent');
    if (!ordered || history.some((h) => h.at > now.toISOString())) wrong.push(told);
    else if (parisDay(created.at) !== inv.billed) wrong.push(`${told} : créée un autre jour`);
  }
  return wrong;
}

/** Quotes and drafts created on their date in Paris; payments on their day, after their invoice's validation. */
async function businessDays(server: TestServer): Promise<string[]> {
  const wrong: string[] = [];
  for (const table of ['invoices', 'estimates'] as const) {
    const found = await rows(
      server,
      sql`select number, designation, created_at::text as billed, inserted_at from ${sql.identifier(table)}
          where created_at is not null and (inserted_at at time zone 'Europe/Paris')::date <> created_at`,
    );
    for (const r of found)
      wrong.push(`${table} ${r.number ?? r.designation} : datée du ${r.billed}, créée le ${iso(r.inserted_at)}`);
  }
  const events = await rows(
    server,
    sql`select i.number, e.kind, e.at, i.validated_at from invoice_events e join invoices i on i.id = e.invoice_id
        where e.at < i.validated_at or i.validated_at is null`,
  );
  for (const e of events)
    wrong.push(`${e.number} : ${e.kind} le ${iso(e.at)}, avant sa validation (${iso(e.validated_at)})`);
  const payments = await rows(
    server,
    sql`select i.number, e.at, e.detail->>'date' as day, p.paid_on::text as paid_on from invoice_events e
        join invoices i on i.id = e.invoice_id
        left join invoice_payments p on p.invoice_id = e.invoice_id
        where e.kind = 'payment'`,
  );
  for (const p of payments)
    if (parisDay(p.at) !== p.day || p.day !== p.paid_on)
      wrong.push(`paiement de ${p.number} : reçu le ${p.day} (${p.paid_on}), enregistré le ${iso(p.at)}`);
  return wrong;
}

/** Each register: every movement on its day in Paris, the days closed in order up to yesterday, today open. */
async function registers(server: TestServer, now: Date, today: string): Promise<string[]> {
  const wrong: string[] = [];
  const regs = await rows(
    server,
    sql`select id, label, last_closed_day::text as last_closed from cash_registers order by id`,
  );
  expect(regs.length).toBe(3);
  for (const reg of regs) {
    const offDay = await rows(
      server,
      sql`select day::text as day, at from cash_movements
          where register_id = ${reg.id} and (at at time zone 'Europe/Paris')::date <> day order by seq limit 3`,
    );
    for (const m of offDay) wrong.push(`${reg.label} : un mouvement du ${m.day} passé le ${iso(m.at)}`);
    const days = await rows(
      server,
      sql`select m.day::text as day, max(m.at) as last_at, j.at as closed_at, j.seq from cash_movements m
          left join cash_closings j on j.register_id = m.register_id and j.kind = 'J' and j.period_start = m.day
          where m.register_id = ${reg.id} group by m.day, j.at, j.seq order by m.day`,
    );
    const before = days.filter((d) => String(d.day) < today);
    const yesterdayOrBefore = before.at(-1)?.day ?? null;
    if (reg.last_closed !== yesterdayOrBefore)
      wrong.push(
        `${reg.label} : dernière journée close ${reg.last_closed}, dernière journée avant aujourd’hui ${yesterdayOrBefore}`,
      );
    let previous: Row | null = null;
    for (const d of before) {
      if (d.closed_at === null) wrong.push(`${reg.label} : la journée du ${d.day} n’est pas close`);
      else if (iso(d.closed_at) < iso(d.last_at) || iso(d.closed_at) > now.toISOString())
        wrong.push(
          `${reg.label} : la journée du ${d.day} close le ${iso(d.closed_at)}, son dernier mouvement le ${iso(d.last_at)}`,
        );
      else if (previous && (iso(d.closed_at) <= iso(previous.closed_at) || Number(d.seq) <= Number(previous.seq)))
        wrong.push(`${reg.label} : la journée du ${d.day} close avant celle du ${previous.day}`);
      if (d.closed_at !== null) previous = d;
    }
    const todays = days.find((d) => d.day === today);
    if (todays?.closed_at) wrong.push(`${reg.label} : la journée d’aujourd’hui est close`);
    if (days.some((d) => String(d.day) > today)) wrong.push(`${reg.label} : des mouvements après aujourd’hui`);
  }
  return wrong;
}

/** « Mes caisses » over the last week: every day closed but today, which is there and open. */
async function registerWeeks(server: TestServer, token: SignIn, today: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const reg of await rows(server, sql`select uuid, company_id, label from cash_registers order by id`)) {
    const res = await server.api.get(
      `/api/sales-register/${reg.uuid}/history?dateStart=${addDays(today, -7)}&dateEnd=${today}`,
      { token: await token('demo'), company: Number(reg.company_id) },
    );
    expect(res.status).toBe(200);
    const days = res.body.days as Array<{ day: string; registerDetails: { closed: boolean } }>;
    const shown = days.map((d) => `${d.day}${d.registerDetails.closed ? ' close' : ' ouverte'}`).join(', ');
    const last = days.at(-1);
    if (last?.day !== today || last.registerDetails.closed || days.slice(0, -1).some((d) => !d.registerDetails.closed))
      wrong.push(`${reg.label} : ${shown}`);
  }
  return wrong;
}

/** Every accounting line in its exercise, every validated invoice in an exercise of its company. */
async function exercises(server: TestServer): Promise<string[]> {
  const wrong: string[] = [];
  const lines = await rows(
    server,
    sql`select e.date_start::text as s, e.date_end::text as e, min(l.date)::text as first, max(l.date)::text as last, count(*)::int as n
        from accounting_lines l join accounting_exercises e on e.import_id = l.import_id
        where l.date < e.date_start or l.date > e.date_end group by e.id`,
  );
  for (const l of lines) wrong.push(`${l.n} écritures du ${l.first} au ${l.last} hors de l’exercice ${l.s} – ${l.e}`);
  const orphans = await rows(
    server,
    sql`select count(*)::int as n from accounting_lines l where not exists (select 1 from accounting_exercises e where e.import_id = l.import_id)`,
  );
  if (Number(orphans[0].n) > 0) wrong.push(`${orphans[0].n} écritures sans exercice`);
  const invoices = await rows(
    server,
    sql`select i.number, i.created_at::text as billed from invoices i where i.validated and not exists
        (select 1 from exercises x where x.company_id = i.company_id and i.created_at between x.date_start and x.date_end)`,
  );
  for (const i of invoices) wrong.push(`${i.number} (${i.billed}) hors des exercices de sa société`);
  const payments = await rows(
    server,
    sql`select i.number, p.paid_on::text as paid from invoice_payments p join invoices i on i.id = p.invoice_id where not exists
        (select 1 from exercises x where x.company_id = p.company_id and p.paid_on between x.date_start and x.date_end)`,
  );
  for (const p of payments) wrong.push(`le paiement de ${p.number} (${p.paid}) hors des exercices de sa société`);
  return wrong;
}

describe('the demo seeded at any instant', () => {
  for (const [name, instant] of INSTANTS)
    it(`${name} (${instant}): nothing after it, histories in order, registers and exercises that hold`, async () => {
      const now = new Date(instant);
      const today = todayInParis(now);
      const server = await startTestServer({ seed: false });
      try {
        server.setNow(now);
        await server.deps.db.transaction(() => seedDemo(server.deps));
        const token = signIns(server);
        const found = {
          afterNow: briefly(await nothingAfterNow(server, now, today)),
          businessDays: briefly(await businessDays(server)),
          registers: briefly([
            ...(await registers(server, now, today)),
            ...(await registerWeeks(server, token, today)),
          ]),
          exercises: briefly(await exercises(server)),
          histories: briefly(await histories(server, token, now)),
        };
        expect(found).toEqual({ afterNow: [], businessDays: [], registers: [], exercises: [], histories: [] });
      } finally {
        await server.close();
      }
    });
});
