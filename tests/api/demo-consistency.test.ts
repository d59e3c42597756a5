import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { MARTIN, today } from '../support/invoice-helpers';
import { useTestServer } from '../support/use-test-server';

// Demo data (decision 039): the bakery's FEC « whose sales match the invoices and cash registers where
// both exist ». What the accounting shows for a register day and for the exercise's invoices is
// compared, to the cent, with what « Mes caisses » and « Mes factures » show for the same company.

const ctx = useTestServer({ signIn: ['demo', 'admin'] });
const api = () => ctx.server.api;
const opts = () => ({ token: ctx.demo, company: ctx.company(MARTIN) });
/** Euros as the API gives them → integer cents, so sums are exact. */
const cents = (euros: number) => Math.round(euros * 100);

interface Line {
  account: string;
  debit: number;
  credit: number;
}
/** The debit balance, in cents, of the lines whose account starts with one of the prefixes. */
const debitBalance = (lines: Line[], prefixes: string[]) =>
  lines
    .filter((l) => prefixes.some((p) => l.account.startsWith(p)))
    .reduce((s, l) => s + cents(l.debit) - cents(l.credit), 0);
const creditBalance = (lines: Line[], prefixes: string[]) =>
  lines
    .filter((l) => prefixes.some((p) => l.account.startsWith(p)))
    .reduce((s, l) => s + cents(l.credit) - cents(l.debit), 0);

/** Every line of a search, page after page. */
async function searchAll(body: Record<string, unknown>): Promise<Line[]> {
  const lines: Line[] = [];
  let after: string | undefined;
  do {
    const res = await api().put('/api/my-accounting/entries', { ...body, pageSize: 500, after }, opts());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    lines.push(...res.body.items);
    after = res.body.next ?? undefined;
  } while (after);
  return lines;
}

describe('demo data: the bakery’s accounting matches its registers and invoices', () => {
  it('the CA entries of a recent closed day sum to exactly the day’s sales and takings of « Mes caisses »', async () => {
    const registers = (await api().get('/api/sales-register', opts())).body;
    expect(registers.length).toBe(2);
    const end = addDays(today(ctx.server), -1);
    const histories = await Promise.all(
      registers.map(
        async (r: { links: { history: string } }) =>
          (await api().get(`${r.links.history}?dateStart=${addDays(end, -14)}&dateEnd=${end}`, opts())).body.days,
      ),
    );
    // The most recent day closed on the counter; the tea room's too when it was open that day.
    const day = histories[0]
      .filter((d: any) => d.registerDetails.closed)
      .map((d: { day: string }) => d.day)
      .sort()
      .at(-1);
    expect(day).toBeDefined();
    const journals = histories
      .map((days) => days.find((d: { day: string }) => d.day === day))
      .filter((j) => j?.registerDetails.closed);
    const sales = journals.flatMap((j) => j.salesByVatRate).reduce((s, v) => s + cents(v.amount), 0);
    const takings = (method: string) =>
      journals
        .flatMap((j) => j.revenuesByPaymentMethod)
        .filter((v) => v.paymentMethod === method)
        .reduce((s, v) => s + cents(v.amount), 0);
    expect(sales).toBeGreaterThan(0);

    const lines = await searchAll({ journals: ['CA'], dateStart: day, dateEnd: day });
    expect(creditBalance(lines, ['707', '4457'])).toBe(sales);
    expect(debitBalance(lines, ['5811'])).toBe(takings('carte'));
    expect(debitBalance(lines, ['5812'])).toBe(takings('titres-restaurant'));
    // Per VAT rate too: 5,5 % sales net and VAT together are the day's 5,5 % sales.
    const at55 = journals.flatMap((j) => j.salesByVatRate).filter((v) => v.vatRate === 5.5);
    expect(creditBalance(lines, ['70710000', '44571055'])).toBe(at55.reduce((s, v) => s + cents(v.amount), 0));
  });

  it('the VT entries sum to exactly the validated invoices and credit notes of « Mes factures »', async () => {
    // Both exercises; the one under way is loaded up to yesterday (today's register day is still open).
    const yesterday = addDays(today(ctx.server), -1);
    const exercises: Array<{ id: number; dateStart: string; dateEnd: string }> = (
      await api().get('/api/my-accounting/periods', opts())
    ).body;
    expect(exercises).toHaveLength(2);
    let creditNotes = 0;
    for (const exercise of exercises) {
      // On 1 January the new exercise has no entries yet: there is nothing to compare in it.
      if (exercise.dateStart > yesterday) continue;
      const end = exercise.dateEnd < yesterday ? exercise.dateEnd : yesterday;
      const res = await api().get(
        `/api/factures?validated=true&from=${exercise.dateStart}&to=${end}&pageSize=10000`,
        opts(),
      );
      expect(res.status).toBe(200);
      const docs: Array<{ type: string; invoice: { ttc: number; ht: number } }> = res.body.items;
      creditNotes += docs.filter((d) => d.type === 'Avoir').length;
      const signed = (field: 'ttc' | 'ht') =>
        docs.reduce((s, d) => s + (d.type === 'Avoir' ? -1 : 1) * cents(d.invoice[field]), 0);
      const lines = await searchAll({
        exercise: exercise.id,
        journals: ['VT'],
        dateStart: exercise.dateStart,
        dateEnd: end,
      });
      expect(debitBalance(lines, ['411'])).toBe(signed('ttc'));
      expect(creditBalance(lines, ['7'])).toBe(signed('ht'));
    }
    // The seeded credit note was among them, and the VT journal holds real invoices.
    expect(creditNotes).toBeGreaterThan(0);
  });
});

describe('demo data: the firm’s information requests', () => {
  it('four open requests about entries of the last six weeks, asked on the four days before today', async () => {
    const res = await api().get('/api/my-accounting/required-details', opts());
    expect(res.status).toBe(200);
    const open = res.body.items.filter((r: { status: string }) => r.status === 'open');
    expect(open).toHaveLength(4);
    const now = today(ctx.server);
    const day = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    for (const r of open) {
      expect(r.entry.date >= addDays(now, -45) && r.entry.date < now, r.entry.date).toBe(true);
      expect(day(r.askedAt) >= addDays(now, -4) && day(r.askedAt) < now, r.askedAt).toBe(true);
    }
  });

  it('two older requests show the rest of their life: one answered with the invoice asked for, one closed', async () => {
    const res = await api().get('/api/my-accounting/required-details', opts());
    const byStatus = (status: string) => res.body.items.filter((r: { status: string }) => r.status === status);
    const [answered] = byStatus('answered');
    expect(byStatus('answered')).toHaveLength(1);
    expect(answered).toMatchObject({ kind: 'document', statusLabel: 'Répondue', closedAt: null });
    expect(answered.answers).toHaveLength(1);
    expect(answered.answers[0].answeredBy.firstName).toBe('Sophie');
    // The invoice asked for is a real PDF, served to the bakery.
    const [pdf] = answered.answers[0].files;
    expect(pdf.name).toBe(`Facture ${answered.entry.piece}.pdf`);
    const file = await api().get(pdf.link, opts());
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.raw.slice(0, 5))).toBe('%PDF-');

    const [closed] = byStatus('closed');
    expect(byStatus('closed')).toHaveLength(1);
    expect(closed).toMatchObject({ kind: 'explanation', statusLabel: 'Clôturée' });
    expect(closed.answers).toHaveLength(1);
    expect(Date.parse(closed.closedAt)).toBeGreaterThan(Date.parse(closed.answers[0].answeredAt));

    // Sophie read their notifications when she answered; the four open requests' are still news.
    const notes = (await api().get('/api/notifications?page=1&pageSize=100', opts())).body.items;
    const about = (r: { askedAt: string }) =>
      notes.filter((n: { type: number; createdAt: string }) => n.type === 2 && n.createdAt === r.askedAt);
    for (const r of [answered, closed])
      expect(about(r).map((n: { readAt: string }) => n.readAt)).toEqual([r.answers[0].answeredAt]);
    for (const r of byStatus('open')) expect(about(r).map((n: { readAt: null }) => n.readAt)).toEqual([null]);
  });

  it('the firm has its side too: at the café, whose exercise it closes, an answer to read and a request open', async () => {
    const cafe = ctx.company('Café des Arts');
    const res = await api().get('/api/my-accounting/required-details', { token: ctx.admin, company: cafe });
    expect(res.status).toBe(200);
    const items: Array<{ status: string; answers: Array<{ answeredBy: { firstName: string } }> }> = res.body.items;
    expect(items.map((r) => r.status).sort()).toEqual(['answered', 'open']);
    expect(items.find((r) => r.status === 'answered')!.answers[0]!.answeredBy.firstName).toBe('Sophie');
    // The firm was told of the answer: its bell at the café has the notice, still unread.
    const notes = (await api().get('/api/notifications', { token: ctx.admin, company: cafe })).body.items;
    const notices = notes.filter((n: { label: string }) => n.label.startsWith('Réponse à la demande d’information'));
    expect(notices.map((n: { readAt: string | null }) => n.readAt)).toEqual([null]);
  });

  it('the firm follows the bakery it asks: admin reads its requests there, the old answers seen to, nothing else', async () => {
    const bakery = ctx.company(MARTIN);
    const asFirm = { token: ctx.admin, company: bakery };
    const res = await api().get('/api/my-accounting/required-details', asFirm);
    expect(res.status).toBe(200);
    const items: Array<{ status: string; askedBy: { firstName: string } }> = res.body.items;
    expect(items.map((r) => r.status).sort()).toEqual(['answered', 'closed', 'open', 'open', 'open', 'open']);
    expect(new Set(items.map((r) => r.askedBy.firstName))).toEqual(new Set(['Julien']));
    // The notices of the bakery's two answers were read when the firm saw to them.
    const notes = (await api().get('/api/notifications', asFirm)).body.items;
    const notices = notes.filter((n: { label: string }) => n.label.startsWith('Réponse à la demande d’information'));
    expect(notices).toHaveLength(2);
    expect(notices.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
    // « Ma comptabilité » only: the bakery's documents stay the bakery's.
    expect((await api().get('/api/my-documents?page=1&pageSize=5', asFirm)).status).toBe(403);
  });
});
