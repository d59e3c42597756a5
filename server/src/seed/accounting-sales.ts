import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { addDays } from '../../../src/domain/dates';
import { dayTotals, salesExclTaxCents, type PaymentMethod } from '../../../src/domain/cash-register/index';
import { lineNetCents } from '../../../src/domain/totals';
import { toCents } from '../../../src/domain/money';
import { cashDayTotals, cashRegisters, invoicePayments, invoices } from '../db/schema/index';
import type { DbOrTx } from '../db/client';
import type { FecWriter, Leg } from './accounting';

// The bakery's sales as the other modules recorded them (decision 039: « whose sales match the invoices
// and cash registers »): each register's day read from the cash module's day totals, each validated
// invoice or credit note with its payments, then written as CA, VT and BQ entries. Amounts are integer
// cents read from bigint or numeric columns (toCents is exact), never summed as floats.

/** One register's recorded day, in cents, as « Mes caisses » totals it. */
export interface RegisterDay {
  day: string;
  /** The register's position (1, 2…), for the piece numbers. */
  register: number;
  label: string;
  /** Sales incl. VAT per rate (corrections included). */
  salesByRate: Map<number, number>;
  takings: Map<PaymentMethod, number>;
  /** Cash paid out for purchases (« Dépense payée en espèces »). */
  expenses: number;
  /** Cash taken to the bank (« Remise en banque »). */
  deposits: number;
  /** Cash brought in (« Fond de caisse / apport »). */
  float: number;
  /** The counting difference recorded at closing (signed, « Écart de caisse »). */
  difference: number;
}

export interface SalesInvoice {
  date: string;
  number: string;
  creditNote: boolean;
  customer: [string, string];
  /** Net per sales account (8 digits) and VAT rate, after discounts: sums to the invoice's HT. */
  net: Array<{ account: string; rate: number; cents: number }>;
  vat: Array<{ rate: number; cents: number }>;
  ttc: number;
  /** Set when the invoice is fully paid: both 411 lines then carry this lettering. */
  settled: boolean;
  payments: Array<{ date: string; cents: number; means: string }>;
}

/** What bakeryExercise takes from the database; without it, it invents the days as the bench does. */
export interface SalesSource {
  /** The first day the registers recorded: days before it are invented, from it on they are read. */
  registersFrom: string | null;
  days: Map<string, RegisterDay[]>;
  invoices: SalesInvoice[];
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

/** The company's register days between two dates, by day, registers in creation order. */
async function registerDays(db: DbOrTx, companyId: number, from: string, until: string) {
  const regs = await db
    .select({ id: cashRegisters.id, label: cashRegisters.label })
    .from(cashRegisters)
    .where(eq(cashRegisters.companyId, companyId))
    .orderBy(asc(cashRegisters.id));
  const days = new Map<string, RegisterDay[]>();
  if (regs.length === 0) return days;
  const rows = await db
    .select({
      registerId: cashDayTotals.registerId,
      day: cashDayTotals.day,
      typeCode: cashDayTotals.typeCode,
      amountCents: cashDayTotals.amountCents,
    })
    .from(cashDayTotals)
    .where(
      and(
        inArray(
          cashDayTotals.registerId,
          regs.map((r) => r.id),
        ),
        gte(cashDayTotals.day, from),
        lte(cashDayTotals.day, until),
      ),
    )
    .orderBy(asc(cashDayTotals.day), asc(cashDayTotals.registerId));
  const grouped = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.day} ${row.registerId}`;
    grouped.set(key, [...(grouped.get(key) ?? []), row]);
  }
  for (const list of grouped.values()) {
    const { day, registerId } = list[0];
    const index = regs.findIndex((r) => r.id === registerId);
    const rd = toRegisterDay(day, index + 1, regs[index].label, list);
    days.set(day, [...(days.get(day) ?? []), rd]);
  }
  return days;
}

/** A day's totals per movement type → what the CA entry needs, through the cash rulebook's own sums. */
function toRegisterDay(
  day: string,
  register: number,
  label: string,
  rows: Array<{ typeCode: string; amountCents: number }>,
): RegisterDay {
  const t = dayTotals(rows);
  const sum = (code: string) => rows.filter((r) => r.typeCode === code).reduce((s, r) => s + r.amountCents, 0);
  return {
    day,
    register,
    label,
    salesByRate: t.salesByVatRate,
    takings: t.revenuesByPaymentMethod,
    expenses: sum('depense-especes'),
    deposits: sum('remise-banque'),
    float: sum('fond-de-caisse'),
    difference: t.differenceCents,
  };
}

/** « 706000 » (the catalogue's account) → « 70600000 », the width of the demo FEC's accounts. */
const fecAccount = (account: string) => (account || '706').replace(/\D/g, '').padEnd(8, '0').slice(0, 8);

/**
 * The validated invoices and credit notes dated up to `until`, with their payments: an invoice of one
 * exercise may be paid in the next, so the writer picks each by its own date.
 */
async function salesInvoices(db: DbOrTx, companyId: number, until: string) {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.validated, true),
        isNotNull(invoices.number),
        lte(invoices.createdAt, until),
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.numberYear), asc(invoices.numberSeq));
  const paid =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(invoicePayments)
          .where(
            inArray(
              invoicePayments.invoiceId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.id));
  return rows.map((inv): SalesInvoice => {
    const snap = inv.customerSnapshot;
    return {
      date: inv.createdAt!,
      number: inv.number!,
      creditNote: inv.type === 'Avoir',
      customer: [snap?.accountNumber || 'CLIENT', snap?.socialReason || snap?.name || 'Client'],
      net: netByAccount(inv.lines, inv.vatBreakdown),
      vat: inv.vatBreakdown.map((b) => ({ rate: Number(b.rate), cents: toCents(b.vat) })),
      ttc: toCents(inv.ttc),
      settled: inv.paidAt !== null,
      payments: paid
        .filter((p) => p.invoiceId === inv.id)
        .map((p) => ({ date: p.paidOn, cents: toCents(p.amount), means: p.means })),
    };
  });
}

/**
 * Net per sales account and rate from the lines; a document discount (spread over the rates by the
 * rulebook) is taken off the rate's largest account, so each rate's net is exactly its VAT base.
 */
function netByAccount(
  lines: typeof invoices.$inferSelect.lines,
  breakdown: typeof invoices.$inferSelect.vatBreakdown,
): SalesInvoice['net'] {
  const net = new Map<string, { account: string; rate: number; cents: number }>();
  for (const line of lines) {
    const cents = lineNetCents(line);
    if (cents === 0) continue;
    const rate = Number(line.vatRate) || 0;
    const account = fecAccount(line.salesAccount);
    const key = `${account} ${rate}`;
    const e = net.get(key) ?? { account, rate, cents: 0 };
    e.cents += cents;
    net.set(key, e);
  }
  const list = [...net.values()];
  for (const b of breakdown) {
    const ofRate = list.filter((e) => e.rate === Number(b.rate)).sort((x, y) => y.cents - x.cents);
    const gap = toCents(b.base) - ofRate.reduce((s, e) => s + e.cents, 0);
    if (gap === 0) continue;
    if (ofRate[0]) ofRate[0].cents += gap;
    else list.push({ account: '70600000', rate: Number(b.rate), cents: gap });
  }
  return list.filter((e) => e.cents !== 0);
}

/** A company's recorded sales from `from` to `until`: its register days and its invoices. */
export async function loadSales(db: DbOrTx, companyId: number, from: string, until: string): Promise<SalesSource> {
  const days = await registerDays(db, companyId, from, until);
  const first = [...days.keys()].sort()[0] ?? null;
  return { registersFrom: first, days, invoices: await salesInvoices(db, companyId, until) };
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────

/** Sales and VAT accounts per rate (the 707x of the generator, one per rate). */
const RATE_ACCOUNTS: Record<string, [string, string]> = {
  '5.5': ['70710000', '44571055'],
  '10': ['70720000', '44571100'],
  '20': ['70730000', '44571200'],
  '2.1': ['70740000', '44571021'],
  '0': ['70750000', ''],
};
const rateAccounts = (rate: number) => RATE_ACCOUNTS[String(rate)] ?? RATE_ACCOUNTS['20'];

/** Where each means of payment waits before the bank, how many days it takes, and its bank entry. */
const TAKINGS: Record<PaymentMethod, { account: string; delay: number; piece: string; label: string }> = {
  especes: { account: '53000000', delay: 0, piece: 'ESP', label: 'Remise d’espèces' },
  carte: { account: '58110000', delay: 1, piece: 'CB', label: 'Remise CB' },
  'titres-restaurant': { account: '58120000', delay: 3, piece: 'TR', label: 'Remboursement titres-restaurant' },
  cheque: { account: '51120000', delay: 1, piece: 'CHQ', label: 'Remise de chèques' },
  autres: { account: '58130000', delay: 2, piece: 'AUT', label: 'Encaissement autres moyens' },
};

/** A signed amount as one leg (debit if positive, credit if negative); none for zero. */
const signed = (account: string, cents: number, aux?: [string, string]): Leg[] =>
  cents === 0 ? [] : [cents > 0 ? { account, debit: cents, aux } : { account, credit: -cents, aux }];

const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const compact = (day: string) => day.replace(/-/g, '');

/**
 * One register's day as a CA entry: takings by means of payment against sales net and VAT per rate,
 * the drawer's other movements (purchases, float, bank deposit) and the differences. The 53 line is
 * the drawer's net change, so the cash account follows the register's balance.
 */
export function registerDayEntry(w: FecWriter, rd: RegisterDay, until: string): void {
  const legs: Leg[] = [];
  let takings = 0;
  for (const [method, cents] of rd.takings) {
    takings += cents;
    if (method !== 'especes') legs.push(...signed(TAKINGS[method].account, cents));
  }
  const cash = (rd.takings.get('especes') ?? 0) + rd.float + rd.difference - rd.expenses - rd.deposits;
  legs.unshift(...signed('53000000', cash));
  legs.push(...signed('60120000', rd.expenses), ...signed('58000000', rd.deposits), ...signed('45500000', -rd.float));
  let sales = 0;
  for (const [rate, ttc] of [...rd.salesByRate].sort(([a], [b]) => a - b)) {
    const net = salesExclTaxCents(new Map([[rate, ttc]]));
    const [salesAccount, vatAccount] = rateAccounts(rate);
    legs.push(...signed(salesAccount, -net), ...signed(vatAccount || salesAccount, -(ttc - net)));
    sales += ttc;
  }
  // Takings that differ from the sales (a ticket corrected the next day) and the counting difference:
  // the firm books both as miscellaneous gains or losses.
  legs.push(...signed('75880000', -(takings - sales)), ...signed('75880000', -rd.difference));
  if (legs.length === 0) return;
  const piece = `Z${compact(rd.day)}-${rd.register}`;
  w.entry('CA', rd.day, piece, `Z de ${rd.label.toLowerCase()} du ${ddmm(rd.day)}`, lossesOn658(legs));
  followUps(w, rd, until);
}

/** A 758 debit is a loss: booked on 658 instead, as the chart of accounts has it. */
function lossesOn658(legs: Leg[]): Leg[] {
  return legs.map((l) => (l.account === '75880000' && l.debit ? { ...l, account: '65880000' } : l));
}

/** The bank side of a register day: card remittance (less the commission), vouchers, cheques, cash. */
function followUps(w: FecWriter, rd: RegisterDay, until: string): void {
  const at = (delay: number) => {
    const d = addDays(rd.day, delay);
    return d <= until ? d : until;
  };
  const piece = (prefix: string) => `${prefix}${compact(rd.day)}-${rd.register}`;
  for (const [method, cents] of rd.takings) {
    const t = TAKINGS[method];
    if (method === 'especes' || cents <= 0) continue;
    const fee = method === 'carte' ? Math.round(cents * 0.006) : 0;
    w.entry('BQ', at(t.delay), piece(t.piece), `${t.label} du ${ddmm(rd.day)}`, [
      { account: '51200000', debit: cents - fee },
      ...signed('62780000', fee),
      { account: t.account, credit: cents },
    ]);
  }
  if (rd.deposits > 0)
    w.entry('BQ', at(1), piece('ESP'), `${TAKINGS.especes.label} du ${ddmm(rd.day)}`, [
      { account: '51200000', debit: rd.deposits },
      { account: '58000000', credit: rd.deposits },
    ]);
}

const letteringOf = (inv: SalesInvoice) =>
  inv.settled && !inv.creditNote ? `F${inv.number.replace(/\D/g, '').slice(-7)}` : undefined;

/** A validated invoice (or credit note, reversed) as a VT entry: 411 TTC against net per account and VAT. */
export function invoiceEntry(w: FecWriter, inv: SalesInvoice): void {
  if (inv.ttc === 0) return;
  const sign = inv.creditNote ? -1 : 1;
  const legs: Leg[] = [{ ...signed('41100000', sign * inv.ttc, inv.customer)[0], lettering: letteringOf(inv) }];
  for (const n of inv.net) legs.push(...signed(n.account, -sign * n.cents));
  // A 0 % rate has no VAT to book (its amount is 0, so no line).
  for (const v of inv.vat) legs.push(...signed(rateAccounts(v.rate)[1] || '44571200', -sign * v.cents));
  const what = inv.creditNote ? 'Avoir' : 'Facture';
  w.entry('VT', inv.date, inv.number, `${what} ${inv.number} ${inv.customer[1]}`, legs);
}

/** A payment received for an invoice, as the bank shows it. */
export function paymentEntry(w: FecWriter, inv: SalesInvoice, p: SalesInvoice['payments'][number]): void {
  const by = p.means === 'cheque' ? 'Chèque' : p.means === 'virement' ? 'Virement' : 'Règlement';
  w.entry('BQ', p.date, inv.number, `${by} ${inv.customer[1]} ${inv.number}`, [
    { account: '51200000', debit: p.cents },
    { account: '41100000', credit: p.cents, aux: inv.customer, lettering: letteringOf(inv) },
  ]);
}
