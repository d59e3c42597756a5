import { addDays } from '../../../src/domain/dates';
import { formatMonth } from '../../../src/domain/format';
import { normalizeCustomer } from '../../../src/domain/customers';
import { computeTotals, lineTotal } from '../../../src/domain/totals';
import type { InvoiceLine } from '../../../src/domain/types';
import {
  companies,
  customers,
  documentCounters,
  firmAccounts,
  invoiceEvents,
  invoicePayments,
  invoices,
  ledgers,
  memberships,
} from '../db/schema/index';
import { customerValues } from '../modules/catalogue/customer-input';
import { insertInvoicingDefaults } from '../modules/catalogue/defaults';
import { seriesNumber, SERIES_PREFIX, type SeriesKind } from '../modules/invoices/numbering';
import { customerSnapshot, sellerParty } from '../modules/invoices/pdf-model';
import { documentSearchText } from '../modules/invoices/search';
import { and, eq } from 'drizzle-orm';
import type { SeedContext, SeededCompany } from './modules';
import { demoCalendar, monthStart, type DemoCalendar } from './demo-calendar';
import { ALL_CATEGORY_IDS, clientRights, INBOX_CATEGORY_IDS } from './rights';

// « Mon compte » (decision 043): the accounting firm is a company of the portal that
// invoices its clients with the invoicing module. Its demo: « Cabinet Workplace Expertise » (the
// admin, firm staff, is a member), one customer record per company of `demo`, linked to it, and a
// « Forfait comptable mensuel » (20 % VAT) invoiced on the 1st of each of the last 12 months:
// paid by transfer except the current month's (to pay) and the one three months ago (overdue),
// plus a credit note on the invoice five months ago. Rows are written directly, numbered with the
// module's own series (as seed/invoices.ts does); PDFs are not rendered here — the first read of a
// validated invoice renders it from its frozen snapshots and stores it (invoices/invoice-pdf.ts).

export const FIRM_LABEL = 'Cabinet Workplace Expertise';
const MONTHS = 12;
const OVERDUE = MONTHS - 4;
const CREDITED = MONTHS - 6;

function line(label: string, unitPrice: number): InvoiceLine {
  const l: InvoiceLine = {
    id: 'l1',
    code: 'FORFAIT',
    type: 'Standard',
    label,
    quantity: 1,
    unitMeasurement: 'forfait',
    unitPrice,
    salesAccount: '706000',
    vatRate: 20,
    status: 'read',
  };
  return { ...l, total: lineTotal(l) };
}

function amounts(ls: InvoiceLine[]) {
  const t = computeTotals(ls);
  return { ht: t.ht.toFixed(2), tva: t.tva.toFixed(2), ttc: t.ttc.toFixed(2), vatBreakdown: t.vatBreakdown };
}

export async function seedMyAccount({ deps, companies: seeded, adminUserId }: SeedContext): Promise<void> {
  const { db } = deps;
  const calendar = demoCalendar(deps.now());
  const clients = seeded.filter((c) => c.label !== 'Conseil Audit Rousseau');
  if (!clients.length) return;
  const firm = await insertFirm(db, adminUserId, calendar);
  const records = await linkClients(db, firm.id, clients, calendar.openedAt);
  const [ledger] = await db
    .select({ id: ledgers.id })
    .from(ledgers)
    .where(and(eq(ledgers.companyId, firm.id), eq(ledgers.code, 'VE')));
  const seller: FirmSeller = { firmId: firm.id, ledgerId: ledger?.id ?? null, seller: sellerParty(firm) };
  const numbering = firmSeries();
  const rows = monthlyInvoices(calendar, seller, records, numbering.take);
  const inserted = await db
    .insert(invoices)
    .values(rows.map(({ clientIndex: _c, month: _m, ...r }) => r))
    .returning({ id: invoices.id, customerId: invoices.customerId, ttc: invoices.ttc, number: invoices.number });
  const creditOf = await creditInvoices(db, calendar, seller, records, rows, inserted, numbering.take);
  await insertPayments(db, calendar, firm.id, rows, inserted, creditOf);
  await db
    .insert(documentCounters)
    .values([
      { companyId: firm.id, series: '*', last: 0 },
      ...[...numbering.counters].map(([series, last]) => ({ companyId: firm.id, series, last })),
    ]);
}

type Db = SeedContext['deps']['db'];
type CustomerRow = typeof customers.$inferSelect;
type InvoiceRow = typeof invoices.$inferInsert & { clientIndex: number; month: number };
type InsertedInvoice = { id: number; customerId: number | null; ttc: string; number: string | null };
/** What the firm's invoices carry of their seller: the firm, its sales ledger, its frozen party. */
interface FirmSeller {
  firmId: number;
  ledgerId: number | null;
  seller: ReturnType<typeof sellerParty>;
}

/** The firm, a company of the portal with invoicing, the admin a member of it. */
async function insertFirm(db: Db, adminUserId: number, { today, openedAt }: DemoCalendar) {
  const [firm] = await db
    .insert(companies)
    .values({
      label: FIRM_LABEL,
      legalForm: 'SAS',
      shareCapital: '50 000 €',
      address: '25 boulevard Haussmann',
      postalCode: '75009',
      city: 'Paris',
      siren: '901234567',
      siret: '90123456700015',
      rcs: 'RCS Paris 901 234 567',
      vatNumber: 'FR44901234567',
      email: 'contact@cabinet-workplace-expertise.fr',
      createdAt: openedAt,
    })
    .returning();
  await insertInvoicingDefaults(db, [firm.id], today, { previousExercise: true });
  await db.insert(memberships).values({
    userId: adminUserId,
    companyId: firm.id,
    appRights: clientRights({ invoicing: true }),
    categories: ALL_CATEGORY_IDS,
    categoriesInbox: INBOX_CATEGORY_IDS,
  });
  return firm;
}

/** One customer record of the firm per client company, linked to it. */
async function linkClients(db: Db, firmId: number, clients: SeededCompany[], openedAt: Date): Promise<CustomerRow[]> {
  const records = await db
    .insert(customers)
    .values(
      clients.map((c, k) => ({
        createdAt: openedAt,
        updatedAt: openedAt,
        ...customerValues(
          firmId,
          normalizeCustomer({
            accountNumber: `C${String(k + 1).padStart(5, '0')}`,
            socialReason: c.label,
            name: c.label,
            civility: 'Société',
            address: c.address ?? '',
            postalCode: c.postalCode ?? '',
            city: c.city ?? '',
            email: c.email ?? '',
            siren: c.siren ?? '',
            vatNumber: c.vatNumber ?? '',
            // Decision 085: the client company's own SIREN-based address, where the platform delivers.
            ...(c.siren ? { electronicAddressScheme: '0225', electronicAddress: c.siren } : {}),
            paymentMode: 'Virement',
            paymentDelay: 30,
            isBusiness: true,
            billingAddresses: [],
          }),
        ),
      })),
    )
    .returning();
  await db.insert(firmAccounts).values(
    clients.map((c, k) => ({
      clientCompanyId: c.id,
      firmCompanyId: firmId,
      customerId: records[k].id,
      linkedAt: openedAt,
    })),
  );
  return records;
}

/** The firm's own numbering: its series, gapless and in the order documents are taken. */
function firmSeries() {
  const counters = new Map<string, number>();
  const take = (kind: SeriesKind, date: string) => {
    const series = `${SERIES_PREFIX[kind]}${date.slice(0, 4)}`;
    const seq = (counters.get(series) ?? 0) + 1;
    counters.set(series, seq);
    return {
      number: seriesNumber(kind, Number(date.slice(0, 4)), seq),
      numberYear: Number(date.slice(0, 4)),
      numberSeq: seq,
    };
  };
  return { take, counters };
}
type Take = ReturnType<typeof firmSeries>['take'];

/** The monthly fee invoices of the last MONTHS months, month by month across the clients. */
function monthlyInvoices(
  calendar: DemoCalendar,
  { firmId, ledgerId, seller }: FirmSeller,
  records: CustomerRow[],
  take: Take,
) {
  const { today } = calendar;
  // Month by month across the clients, so the firm's numbers follow its dates (gapless, ascending).
  const rows: InvoiceRow[] = [];
  for (let month = 0; month < MONTHS; month++) {
    const date = monthStart(today, MONTHS - 1 - month);
    records.forEach((customer, k) => {
      const monthLabel = formatMonth(date); // « novembre 2026 »
      const ls = [line(`Forfait comptable mensuel – ${monthLabel}`, 150 + 15 * (k % 6))];
      const total = amounts(ls);
      const n = take('Facture', date);
      const snap = customerSnapshot(customer, '');
      const designation = `Forfait comptable ${monthLabel}`;
      const paid = month !== OVERDUE && month !== MONTHS - 1;
      const paidAt = paid ? addDays(date, 20) : null;
      const validatedAt = calendar.step(date, 'validated');
      rows.push({
        clientIndex: k,
        month,
        companyId: firmId,
        type: 'Facture',
        designation,
        customerId: customer.id,
        createdAt: date,
        dueDate: addDays(date, 30),
        paymentMode: 'Virement',
        lines: ls,
        ...total,
        validated: true,
        ...n,
        validatedAt,
        insertedAt: calendar.step(date, 'created'),
        updatedAt: paidAt ? calendar.step(paidAt, 'paid') : validatedAt,
        ledgerId,
        customerSnapshot: snap,
        sellerSnapshot: seller,
        amountPaid: paid ? total.ttc : '0',
        paidAt,
        searchText: documentSearchText([n.number, designation, customer.accountNumber, customer.socialReason]),
      });
    });
  }
  return rows;
}

/**
 * One credit note per client on the invoice CREDITED months ago; that invoice owes what remains.
 * Returns each credited invoice's credit (TTC).
 */
async function creditInvoices(
  db: Db,
  calendar: DemoCalendar,
  { firmId, ledgerId, seller }: FirmSeller,
  records: CustomerRow[],
  rows: InvoiceRow[],
  inserted: InsertedInvoice[],
  take: Take,
): Promise<Map<number, string>> {
  // One credit note per client: a goodwill gesture of 30 € HT on the invoice five months ago,
  // dated 10 days after it; that invoice's transfer paid what remained.
  const creditRows = records.map((_record, k) => {
    const index = CREDITED * records.length + k;
    const corrected = inserted[index];
    const date = addDays(rows[index].createdAt as string, 10);
    const ls = [line(`Geste commercial sur la facture ${corrected.number}`, 30)];
    const n = take('Avoir', date);
    return {
      companyId: firmId,
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
      validatedAt: calendar.at(date, 16, 0),
      insertedAt: calendar.at(date, 15, 30),
      updatedAt: calendar.at(date, 16, 0),
      ledgerId,
      customerSnapshot: rows[index].customerSnapshot,
      sellerSnapshot: seller,
      searchText: documentSearchText([n.number, `Avoir sur la facture ${corrected.number}`, records[k].accountNumber]),
    } satisfies typeof invoices.$inferInsert;
  });
  const credited = await db
    .insert(invoices)
    .values(creditRows)
    .returning({ id: invoices.id, ttc: invoices.ttc, correctedInvoiceId: invoices.correctedInvoiceId });
  const creditOf = new Map(credited.map((c) => [c.correctedInvoiceId as number, c.ttc]));
  for (const [invoiceId, ttc] of creditOf) {
    const invoice = inserted.find((i) => i.id === invoiceId)!;
    const remaining = (Math.round(Number(invoice.ttc) * 100) - Math.round(Number(ttc) * 100)) / 100;
    await db
      .update(invoices)
      .set({ amountCredited: ttc, amountPaid: remaining.toFixed(2) })
      .where(eq(invoices.id, invoiceId));
  }
  return creditOf;
}

/** The transfers that paid the paid invoices (less their credit), with their history entries. */
async function insertPayments(
  db: Db,
  calendar: DemoCalendar,
  firmId: number,
  rows: InvoiceRow[],
  inserted: InsertedInvoice[],
  creditOf: Map<number, string>,
) {
  const payments = rows
    .map((r, i) => ({ r, invoice: inserted[i] }))
    .filter(({ r }) => r.paidAt)
    .map(({ r, invoice }) => {
      const credit = creditOf.get(invoice.id);
      const amount = credit
        ? ((Math.round(Number(invoice.ttc) * 100) - Math.round(Number(credit) * 100)) / 100).toFixed(2)
        : invoice.ttc;
      const paidOn = r.paidAt as string;
      const insertedAt = calendar.step(paidOn, 'paid');
      return { companyId: firmId, invoiceId: invoice.id, paidOn, means: 'virement', amount, insertedAt };
    });
  await db.insert(invoicePayments).values(payments);
  await db.insert(invoiceEvents).values(
    payments.map((p) => ({
      companyId: firmId,
      invoiceId: p.invoiceId,
      kind: 'payment',
      at: p.insertedAt,
      detail: { amount: Number(p.amount), means: p.means, date: p.paidOn, settled: 1 },
    })),
  );
}
