import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, dueDateFor, quoteValidityFor } from '../../../src/domain/dates';
import { computeTotals, lineTotal } from '../../../src/domain/totals';
import { formatMonth } from '../../../src/domain/format';
import type { InvoiceLine } from '../../../src/domain/types';
import {
  customers,
  documentCounters,
  estimates,
  invoiceEvents,
  invoicePayments,
  invoices,
  items,
  ledgers,
} from '../db/schema/index';
import { seriesNumber, SERIES_PREFIX, type SeriesKind } from '../modules/invoices/numbering';
import { customerSnapshot, sellerParty } from '../modules/invoices/pdf-model';
import { documentSearchText } from '../modules/invoices/search';
import type { SeedContext, SeededCompany } from './modules';
import { demoCalendar, type DemoCalendar } from './demo-calendar';

// Demo invoices and quotes (decision 003), a few statements in all so the seed stays fast: PDFs are
// not rendered here (the first read of a validated invoice renders it from its snapshots).
// Per company with invoicing: five validated invoices before this month (three paid, the oldest
// overdue, the last one due soon), a credit note, invoices validated this month (four for the Starter company, whose
// limit is five: the fifth validation passes, the sixth is refused), a draft, one quote per state.
// The bakery, demo's own company, also has a year of paid deliveries before them, so that its
// dashboard's twelve months are all filled (HISTORY_MONTHS).
// Each one's history is dated by the demo calendar: created, validated and paid in this order, each on
// its own day in Paris, never after the seeding instant (the hours of DOCUMENT_STEPS).

type CustomerRow = typeof customers.$inferSelect;
type ArticleRow = typeof items.$inferSelect;
const STARTER_THIS_MONTH = 4;
const OTHERS_THIS_MONTH = 2;
/** The company with a year of invoices, and the months before this one that hold its history. */
const HISTORY_COMPANY = 'Boulangerie Pâtisserie Martin';
const HISTORY_MONTHS = [11, 10, 9, 8, 7, 6, 5, 4];
// Customers with an address (C00005 has none: rule 13), cycled over the documents.
const ACCOUNTS = ['C00001', 'C00002', 'C00004', 'C00006', 'C00007', 'C00008'];
// The reform's mentions on some demo invoices (decision 046): the kind of operation, the date of the
// sale when it precedes the billing date, a delivery address (the building site of C00007).
const OPERATION_KINDS = ['biens', 'services', 'mixte', null] as const;
const SITE_DELIVERY = 'Chantier Les Terrasses\n18 rue Anatole France\n69100 Villeurbanne';
function reformMentions(k: number, date: string, accountNumber: string, companyVatOnDebits: boolean) {
  return {
    operationKind: OPERATION_KINDS[k % OPERATION_KINDS.length],
    saleDate: k % 3 === 1 ? addDays(date, -4) : null,
    deliveryAddress: accountNumber === 'C00007' ? SITE_DELIVERY : null,
    // Frozen at validation: the company's default unless the invoice chose (one does).
    vatOnDebits: k === 3 ? true : companyVatOnDebits,
  };
}

function lines(catalogue: ArticleRow[], seed: number): InvoiceLine[] {
  const picked = [0, 1, 2].map((k) => catalogue[(seed * 3 + k) % catalogue.length]);
  return picked.map((it, k) => {
    const line: InvoiceLine = {
      id: `l${k + 1}`,
      code: it.code,
      type: 'Standard',
      label: it.label || it.designation,
      quantity: k + 1 + (seed % 3),
      unitMeasurement: it.unitMeasurement ?? '',
      unitPrice: Number(it.unitPriceHT),
      salesAccount: it.salesAccount ?? '',
      vatRate: Number(it.vatRate),
      status: 'read',
    };
    return { ...line, total: lineTotal(line) };
  });
}

function amounts(ls: InvoiceLine[]) {
  const t = computeTotals(ls);
  return { ht: t.ht.toFixed(2), tva: t.tva.toFixed(2), ttc: t.ttc.toFixed(2), vatBreakdown: t.vatBreakdown };
}

export async function seedInvoices({ deps, companies }: SeedContext): Promise<void> {
  const invoicing = companies.filter((c) => c.invoicing);
  if (!invoicing.length) return;
  const ids = invoicing.map((c) => c.id);
  const calendar = demoCalendar(deps.now());
  const { today } = calendar;
  const monthStart = `${today.slice(0, 7)}-01`;
  const allCustomers = await deps.db.select().from(customers).where(inArray(customers.companyId, ids));
  const allItems = await deps.db
    .select()
    .from(items)
    .where(and(inArray(items.companyId, ids), eq(items.type, 'Standard')));
  const salesLedgers = await deps.db
    .select()
    .from(ledgers)
    .where(and(inArray(ledgers.companyId, ids), eq(ledgers.code, 'VE')));
  const { take, counters } = seriesCounters();

  const invoiceRows: InvoiceRow[] = [];
  // Inserted apart, before the others: the picks below by rank (the third invoice gets the credit
  // note, the second the invoiced quote) are among the recent invoices.
  const historyRows: InvoiceRow[] = [];
  const plans: Plan[] = [];
  for (const company of invoicing) {
    const customersByAccount = new Map(
      allCustomers.filter((c) => c.companyId === company.id).map((c) => [c.accountNumber, c]),
    );
    const catalogue = allItems.filter((i) => i.companyId === company.id);
    if (!catalogue.length || !customersByAccount.size) continue;
    const ledgerId = salesLedgers.find((l) => l.companyId === company.id)?.id ?? null;
    const plan: Plan = { company, customersByAccount, catalogue, seller: sellerParty(company), ledgerId };
    plans.push(plan);
    if (company.label === HISTORY_COMPANY) historyRows.push(...historyInvoices(plan, calendar, monthStart, take));
    invoiceRows.push(...recentInvoices(plan, calendar, monthStart, take), draftInvoice(plan, calendar));
  }
  if (!invoiceRows.length) return;
  if (historyRows.length) {
    const paidBefore = await deps.db.insert(invoices).values(historyRows).returning({
      id: invoices.id,
      companyId: invoices.companyId,
      createdAt: invoices.createdAt,
      dueDate: invoices.dueDate,
      paidAt: invoices.paidAt,
      amountPaid: invoices.amountPaid,
    });
    await seedPayments(deps, calendar, paidBefore);
  }
  const inserted = await deps.db.insert(invoices).values(invoiceRows).returning({
    id: invoices.id,
    companyId: invoices.companyId,
    number: invoices.number,
    customerId: invoices.customerId,
    createdAt: invoices.createdAt,
    lines: invoices.lines,
    ledgerId: invoices.ledgerId,
    customerSnapshot: invoices.customerSnapshot,
    sellerSnapshot: invoices.sellerSnapshot,
    paidAt: invoices.paidAt,
    amountPaid: invoices.amountPaid,
    dueDate: invoices.dueDate,
  });
  await seedPayments(deps, calendar, inserted);
  await seedCreditNotes(deps, calendar, plans, inserted, monthStart, take);
  await seedQuotes(deps, calendar, plans, inserted, allCustomers, take);
  await deps.db.insert(documentCounters).values([
    ...plans.map(({ company }) => ({ companyId: company.id, series: '*', last: 0 })),
    ...[...counters].map(([key, last]) => ({
      companyId: Number(key.split(':')[0]),
      series: key.split(':')[1],
      last,
    })),
  ]);
}

type InvoiceRow = typeof invoices.$inferInsert;
/** A company's demo documents are made from: its customers, its catalogue, its seller and ledger. */
interface Plan {
  company: SeededCompany;
  customersByAccount: Map<string, CustomerRow>;
  catalogue: ArticleRow[];
  seller: ReturnType<typeof sellerParty>;
  ledgerId: number | null;
}
type Take = ReturnType<typeof seriesCounters>['take'];
type InsertedInvoice = {
  id: number;
  companyId: number;
  number: string | null;
  customerId: number | null;
  createdAt: string | null;
  lines: InvoiceLine[];
  ledgerId: number | null;
  customerSnapshot: InvoiceRow['customerSnapshot'];
  sellerSnapshot: InvoiceRow['sellerSnapshot'];
};

/** The companies' numbering: each series gapless, in the order the documents take their numbers. */
function seriesCounters() {
  const counters = new Map<string, number>();
  const take = (companyId: number, kind: SeriesKind, date: string) => {
    const key = `${companyId}:${SERIES_PREFIX[kind]}${date.slice(0, 4)}`;
    const seq = (counters.get(key) ?? 0) + 1;
    counters.set(key, seq);
    return {
      number: seriesNumber(kind, Number(date.slice(0, 4)), seq),
      numberYear: Number(date.slice(0, 4)),
      numberSeq: seq,
    };
  };
  return { take, counters };
}

/** The bakery's year of paid deliveries (HISTORY_MONTHS), before its recent invoices. */
function historyInvoices(
  { company, customersByAccount, catalogue, seller, ledgerId }: Plan,
  calendar: DemoCalendar,
  monthStart: string,
  take: Take,
): InvoiceRow[] {
  return history(monthStart, customersByAccount, catalogue).map(({ date, designation, customer, ls }, k) => {
    const n = take(company.id, 'Facture', date);
    const validatedAt = calendar.step(date, 'validated');
    const paidAt = addDays(date, 15);
    return {
      companyId: company.id,
      type: 'Facture',
      designation,
      customerId: customer.id,
      createdAt: date,
      dueDate: dueDateFor(date, customer.paymentDelay),
      paymentMode: customer.paymentMode ?? 'Virement',
      lines: ls,
      ...amounts(ls),
      amountPaid: amounts(ls).ttc,
      validated: true,
      ...n,
      validatedAt,
      insertedAt: calendar.step(date, 'created'),
      updatedAt: calendar.step(paidAt, 'paid'),
      ledgerId,
      customerSnapshot: customerSnapshot(customer, ''),
      sellerSnapshot: seller,
      paidAt,
      ...reformMentions(k + 4, date, customer.accountNumber, company.vatOnDebits),
      searchText: documentSearchText([
        n.number,
        designation,
        customer.accountNumber,
        customer.socialReason,
        customer.name,
      ]),
    } satisfies typeof invoices.$inferInsert;
  });
}

/** Five invoices before this month (every 18 days) and this month's up to today, oldest first. */
function recentInvoices(
  { company, customersByAccount, catalogue, seller, ledgerId }: Plan,
  calendar: DemoCalendar,
  monthStart: string,
  take: Take,
): InvoiceRow[] {
  const { today } = calendar;
  const invoiceRows: InvoiceRow[] = [];
  const thisMonth = company.subscriptionInvoice === 'Starter' ? STARTER_THIS_MONTH : OTHERS_THIS_MONTH;
  // Billing dates ascending: 5 before this month (every 18 days), then this month up to today.
  const dates = [
    ...[4, 3, 2, 1, 0].map((k) => addDays(monthStart, -1 - k * 18)),
    ...Array.from({ length: thisMonth }, (_, k) => {
      const d = addDays(today, -(thisMonth - 1 - k));
      return d < monthStart ? monthStart : d;
    }),
  ];
  dates.forEach((date, k) => {
    const customer = customersByAccount.get(ACCOUNTS[k % ACCOUNTS.length]) ?? [...customersByAccount.values()][0];
    const ls = lines(catalogue, k + company.id);
    const snap = customerSnapshot(customer, '');
    const n = take(company.id, 'Facture', date);
    const total = amounts(ls);
    // Decision 011: the paid ones were paid in full by transfer; the one due soon is partly paid (a cheque for about a third).
    const paidAmount = k >= 1 && k <= 3 ? total.ttc : k === 4 ? Math.round(Number(total.ttc) / 3).toFixed(2) : '0';
    const paidAt = k >= 1 && k <= 3 ? addDays(date, 12) : null;
    const validatedAt = calendar.step(date, 'validated');
    invoiceRows.push({
      companyId: company.id,
      type: 'Facture',
      designation: `Commande n° ${k + 1}`,
      customerId: customer.id,
      createdAt: date,
      // The oldest is overdue, the next three are paid, the last one before this month is due soon.
      dueDate: k === 4 ? addDays(today, 15) : k === 0 ? addDays(date, 30) : dueDateFor(date, customer.paymentDelay),
      paymentMode: customer.paymentMode ?? 'Virement',
      lines: ls,
      ...total,
      amountPaid: paidAmount,
      validated: true,
      ...n,
      validatedAt,
      insertedAt: calendar.step(date, 'created'),
      updatedAt: Number(paidAmount) > 0 ? calendar.step(paymentDay(date, paidAt, today), 'paid') : validatedAt,
      ledgerId,
      customerSnapshot: snap,
      sellerSnapshot: seller,
      paidAt,
      ...reformMentions(k, date, customer.accountNumber, company.vatOnDebits),
      searchText: documentSearchText([
        n.number,
        `Commande n° ${k + 1}`,
        customer.accountNumber,
        customer.socialReason,
        customer.name,
      ]),
    });
  });
  return invoiceRows;
}

/** A draft to complete, made today. */
function draftInvoice({ company, customersByAccount, catalogue }: Plan, calendar: DemoCalendar): InvoiceRow {
  const { today } = calendar;
  const draftCustomer = customersByAccount.get('C00003') ?? [...customersByAccount.values()][0];
  const draftLines = lines(catalogue, 7);
  return {
    companyId: company.id,
    type: 'Facture',
    designation: 'Brouillon à compléter',
    customerId: draftCustomer.id,
    createdAt: today,
    dueDate: dueDateFor(today, draftCustomer.paymentDelay),
    paymentMode: draftCustomer.paymentMode ?? '',
    lines: draftLines,
    ...amounts(draftLines),
    operationKind: 'biens',
    insertedAt: calendar.step(today, 'created'),
    updatedAt: calendar.step(today, 'created'),
    searchText: documentSearchText([
      'Brouillon à compléter',
      draftCustomer.accountNumber,
      draftCustomer.socialReason,
      draftCustomer.name,
    ]),
  };
}

async function seedCreditNotes(
  deps: SeedContext['deps'],
  calendar: DemoCalendar,
  plans: Plan[],
  inserted: InsertedInvoice[],
  monthStart: string,
  take: Take,
) {
  const { now } = calendar;
  // A credit note for part of the third invoice (paid), dated with the last invoice before this month,
  // made in the afternoon.
  const creditNotes = plans.map(({ company }) => {
    const mine = inserted.filter((r) => r.companyId === company.id && r.number);
    const corrected = mine[2];
    const date = addDays(monthStart, -1);
    const ls = corrected.lines.slice(0, 1).map((l) => ({ ...l, quantity: 1, total: lineTotal({ ...l, quantity: 1 }) }));
    const n = take(company.id, 'Avoir', date);
    return {
      companyId: company.id,
      type: 'Avoir',
      designation: `Avoir sur la facture ${corrected.number}`,
      customerId: corrected.customerId,
      createdAt: date,
      dueDate: null,
      paymentMode: 'Virement',
      lines: ls,
      ...amounts(ls),
      correctedInvoiceId: corrected.id,
      validated: true,
      ...n,
      validatedAt: calendar.at(date, 17, 0),
      insertedAt: calendar.at(date, 16, 30),
      updatedAt: calendar.at(date, 17, 0),
      ledgerId: corrected.ledgerId,
      customerSnapshot: corrected.customerSnapshot,
      sellerSnapshot: corrected.sellerSnapshot,
      searchText: documentSearchText([
        n.number,
        `Avoir sur la facture ${corrected.number}`,
        corrected.customerSnapshot?.accountNumber,
        corrected.customerSnapshot?.socialReason,
      ]),
    } satisfies typeof invoices.$inferInsert;
  });
  const credited = await deps.db.insert(invoices).values(creditNotes).returning({
    id: invoices.id,
    companyId: invoices.companyId,
    number: invoices.number,
    ttc: invoices.ttc,
    correctedInvoiceId: invoices.correctedInvoiceId,
    validatedAt: invoices.validatedAt,
  });
  // The invoice each one corrects owes that much less, and its history says so.
  for (const cn of credited) {
    await deps.db
      .update(invoices)
      .set({
        amountCredited: cn.ttc,
        updatedAt: sql`greatest(${invoices.updatedAt}, ${(cn.validatedAt ?? now).toISOString()}::timestamptz)`,
      })
      .where(eq(invoices.id, cn.correctedInvoiceId as number));
  }
  await deps.db.insert(invoiceEvents).values(
    credited.map((cn) => ({
      companyId: cn.companyId,
      invoiceId: cn.correctedInvoiceId as number,
      kind: 'credited',
      at: cn.validatedAt ?? now,
      detail: { creditNoteId: cn.id, number: cn.number, amount: Number(cn.ttc) },
    })),
  );
}

async function seedQuotes(
  deps: SeedContext['deps'],
  calendar: DemoCalendar,
  plans: Plan[],
  inserted: InsertedInvoice[],
  allCustomers: CustomerRow[],
  take: Take,
) {
  const { today } = calendar;
  // One quote per state; the 'Facturé' one is linked to the second invoice.
  const states = ['facture', 'annule', 'accepte', 'enCours'] as const;
  const quoteRows = plans.flatMap(({ company, customersByAccount, catalogue }) => {
    const invoiced = inserted.filter((r) => r.companyId === company.id && r.number)[1];
    return states.map((state, k) => {
      const date = state === 'facture' ? addDays(invoiced.createdAt as string, -10) : addDays(today, -(3 - k) * 6);
      const other = customersByAccount.get(ACCOUNTS[(k + 1) % ACCOUNTS.length]) ?? [...customersByAccount.values()][0];
      const customer = state === 'facture' ? (allCustomers.find((c) => c.id === invoiced.customerId) ?? other) : other;
      const ls = state === 'facture' ? invoiced.lines : lines(catalogue, k + 11);
      const n = take(company.id, 'Devis', date);
      const insertedAt = calendar.step(date, 'created');
      return {
        companyId: company.id,
        ...n,
        insertedAt,
        // The invoiced one changed state when its invoice was made from it.
        updatedAt: state === 'facture' ? calendar.step(invoiced.createdAt as string, 'created') : insertedAt,
        state,
        designation: `Devis ${k + 1}`,
        customerId: customer.id,
        createdAt: date,
        validatedAt: quoteValidityFor(date),
        lines: ls,
        ...amounts(ls),
        invoiceId: state === 'facture' ? invoiced.id : null,
        searchText: documentSearchText([
          n.number,
          `Devis ${k + 1}`,
          customer.accountNumber,
          customer.socialReason,
          customer.name,
        ]),
      } satisfies typeof estimates.$inferInsert;
    });
  });
  await deps.db.insert(estimates).values(quoteRows);
  await deps.db.execute(
    sql`update invoices set estimate_id = e.id from estimates e where e.invoice_id = invoices.id and invoices.estimate_id is null`,
  );
}

/**
 * A year of the bakery's deliveries to its trade customers before the recent invoices: two a month
 * (the 8th and the 22nd), all paid by transfer a fortnight later, HISTORY_MONTHS months ago.
 */
function history(monthStart: string, customersByAccount: Map<string, CustomerRow>, catalogue: ArticleRow[]) {
  const trade = ACCOUNTS.map((a) => customersByAccount.get(a)).filter((c): c is CustomerRow => !!c);
  if (!trade.length) return [];
  return HISTORY_MONTHS.flatMap((back, m) => {
    const month = shiftMonth(monthStart, -back);
    return ['08', '22'].map((day, d) => {
      // 'Livraisons de la semaine du 8 mars 2026'
      const k = m * 2 + d;
      return {
        date: `${month}-${day}`,
        designation: `Livraisons de la semaine du ${Number(day)} ${formatMonth(month)}`,
        customer: trade[k % trade.length],
        ls: lines(catalogue, 20 + k),
      };
    });
  });
}

/** '2026-11-01', -3 → '2026-08'. */
function shiftMonth(monthStart: string, by: number): string {
  const total = Number(monthStart.slice(0, 4)) * 12 + Number(monthStart.slice(5, 7)) - 1 + by;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/**
 * The day a demo invoice's payment came: the day it was paid in full, or for the cheque paying a
 * third of one, five days ago (its own date when later: a payment never comes before its invoice).
 */
function paymentDay(billed: string | null, paidAt: string | null, today: string): string {
  if (paidAt) return paidAt;
  const fiveDaysAgo = addDays(today, -5);
  return billed && billed > fiveDaysAgo ? billed : fiveDaysAgo;
}

/** One payment per paid (or partly paid) demo invoice, with its history entry, after its validation. */
async function seedPayments(
  deps: SeedContext['deps'],
  calendar: DemoCalendar,
  rows: Array<{
    id: number;
    companyId: number;
    createdAt: string | null;
    dueDate: string | null;
    paidAt: string | null;
    amountPaid: string;
  }>,
): Promise<void> {
  const paid = rows.filter((r) => Number(r.amountPaid) > 0);
  if (!paid.length) return;
  const dateOf = (r: (typeof paid)[number]) => paymentDay(r.createdAt, r.paidAt, calendar.today);
  const meansOf = (r: (typeof paid)[number]) => (r.paidAt ? 'virement' : 'cheque');
  await deps.db.insert(invoicePayments).values(
    paid.map((r) => ({
      companyId: r.companyId,
      invoiceId: r.id,
      paidOn: dateOf(r),
      means: meansOf(r),
      amount: r.amountPaid,
      insertedAt: calendar.step(dateOf(r), 'paid'),
    })),
  );
  await deps.db.insert(invoiceEvents).values(
    paid.map((r) => ({
      companyId: r.companyId,
      invoiceId: r.id,
      kind: 'payment',
      at: calendar.step(dateOf(r), 'paid'),
      detail: { amount: Number(r.amountPaid), means: meansOf(r), date: dateOf(r), settled: r.paidAt ? 1 : 0 },
    })),
  );
}
