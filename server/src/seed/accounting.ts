import { addDays } from '../../../src/domain/dates';
import { importFec } from '../modules/accounting/import';
import { FEC_COLUMNS } from '../modules/accounting/fec';
import type { SeedContext } from './modules';
import {
  invoiceEntry,
  loadSales,
  paymentEntry,
  registerDayEntry,
  type SalesInvoice,
  type SalesSource,
} from './accounting-sales';
import { seedCafeRequests, seedInformationRequests } from './accounting-requests';
import { seededRandom } from './random';
import { demoCalendar } from './demo-calendar';

// Demo accounting (decision 039): FEC files generated for the bakery (two exercises,
// ~12 000 lines each: two registers' daily sales by VAT rate and means of payment, card and cash
// deposits, supplier invoices and payments, a few invoices to companies, payroll, a loan, bank
// fees, the opening entry of the second year from the first one's closing balances) and a small
// one for the café, imported through the module's own importer; then four information requests.
// The bakery's sales are the ones its other modules recorded (accounting-sales.ts): one CA entry per
// register day of « Mes caisses », one VT entry per validated invoice of « Mes factures »; days before
// the registers' history are invented, as the bench's are. Deterministic (a seeded generator).

const ACCOUNTS: Record<string, string> = {
  '10130000': 'Capital souscrit appelé versé',
  '12000000': 'Résultat de l’exercice',
  '16400000': 'Emprunt Crédit Agricole four',
  '21540000': 'Matériel de boulangerie',
  '40100000': 'Fournisseurs',
  '41100000': 'Clients',
  '42100000': 'Personnel - rémunérations dues',
  '43100000': 'Sécurité sociale',
  '43700000': 'Autres organismes sociaux',
  '44566000': 'TVA déductible sur ABS',
  '44571021': 'TVA collectée 2,1 %',
  '44571055': 'TVA collectée 5,5 %',
  '44571100': 'TVA collectée 10 %',
  '44571200': 'TVA collectée 20 %',
  '45500000': 'Associés - comptes courants',
  '51120000': 'Chèques à encaisser',
  '51200000': 'Banque Crédit Agricole',
  '53000000': 'Caisse',
  '58000000': 'Virements internes',
  '58110000': 'Cartes bancaires à encaisser',
  '58120000': 'Titres-restaurant à encaisser',
  '58130000': 'Autres moyens de paiement à encaisser',
  '60110000': 'Achats farines et céréales',
  '60120000': 'Achats beurre, œufs et produits laitiers',
  '60220000': 'Achats emballages',
  '60610000': 'Électricité et gaz',
  '61320000': 'Loyer du fonds',
  '62780000': 'Frais bancaires et commissions CB',
  '64100000': 'Rémunérations du personnel',
  '64510000': 'Cotisations URSSAF',
  '65880000': 'Charges diverses - écarts de caisse',
  '66110000': 'Intérêts des emprunts',
  '70600000': 'Prestations de services',
  '70610000': 'Prestations traiteur',
  '70700000': 'Ventes de marchandises',
  '70710000': 'Ventes pain 5,5 %',
  '70720000': 'Ventes pâtisserie et salon 10 %',
  '70730000': 'Ventes boissons et confiserie 20 %',
  '70740000': 'Ventes 2,1 %',
  '70750000': 'Ventes exonérées',
  '70850000': 'Ports et frais accessoires facturés',
  '75880000': 'Produits divers - écarts de caisse',
};
const JOURNALS: Record<string, string> = {
  AN: 'À nouveaux',
  VT: 'Ventes',
  AC: 'Achats',
  BQ: 'Banque Crédit Agricole',
  CA: 'Caisse',
  OD: 'Opérations diverses',
};
const SUPPLIERS: Array<[string, string, string, number]> = [
  ['F-MOULIN', 'Moulins de Provence', '60110000', 0.055],
  ['F-LAIT', 'Laiterie des Alpilles', '60120000', 0.055],
  ['F-EMBAL', 'Emballages du Midi', '60220000', 0.2],
  ['F-EDF', 'EDF Entreprises', '60610000', 0.2],
];
const CUSTOMERS: Array<[string, string]> = [
  ['C-HOTEL', 'Hôtel du Port'],
  ['C-MAIRIE', 'Mairie de Cassis'],
  ['C-ECOLE', 'Restaurant scolaire Les Pins'],
];

const pad = (n: number, w = 6) => String(n).padStart(w, '0');
const amount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
const fecDate = (iso: string) => iso.replace(/-/g, '');

export interface Leg {
  account: string;
  debit?: number;
  credit?: number;
  aux?: [string, string];
  lettering?: string;
}

/**
 * Builds a FEC's text lines entry by entry, tracking the closing balances of every account. Each
 * entry is validated (and its lettering made) ten days after its date, or by `latest` (the day the
 * demo is seeded) when that is sooner: a FEC states no validation still to come.
 */
export class FecWriter {
  readonly balances = new Map<string, number>();
  private numbers = new Map<string, number>();
  private rows: string[] = [FEC_COLUMNS.join('\t')];
  lines = 0;

  constructor(private readonly latest: string | null = null) {}

  entry(journal: string, date: string, piece: string, label: string, legs: Leg[]) {
    const n = (this.numbers.get(journal) ?? 0) + 1;
    this.numbers.set(journal, n);
    const tenDaysOn = addDays(date, 10);
    const valid = this.latest !== null && this.latest < tenDaysOn ? this.latest : tenDaysOn;
    for (const leg of legs) {
      const debit = leg.debit ?? 0;
      const credit = leg.credit ?? 0;
      this.balances.set(leg.account, (this.balances.get(leg.account) ?? 0) + debit - credit);
      this.rows.push(
        [
          journal,
          JOURNALS[journal],
          `${journal}${pad(n)}`,
          fecDate(date),
          leg.account,
          ACCOUNTS[leg.account] ?? leg.account,
          leg.aux?.[0] ?? '',
          leg.aux?.[1] ?? '',
          piece,
          fecDate(date),
          label,
          amount(debit),
          amount(credit),
          leg.lettering ?? '',
          leg.lettering ? fecDate(valid) : '',
          fecDate(valid),
          '',
          '',
        ].join('\t'),
      );
      this.lines++;
    }
  }

  /** The rows written since the last call (the header first), for a file generated piece by piece. */
  take(): string[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  /** The file's bytes in chunks (as an upload would arrive). */
  *chunks(): Generator<Uint8Array> {
    const enc = new TextEncoder();
    for (let i = 0; i < this.rows.length; i += 2000) yield enc.encode(this.rows.slice(i, i + 2000).join('\n') + '\n');
  }
}

/** VAT-inclusive → [net, VAT] in cents. */
const split = (ttc: number, rate: number): [number, number] => {
  const net = Math.round(ttc / (1 + rate));
  return [net, ttc - net];
};

/** The invented takings of a week, deposited in the bank on Saturdays (the bench's days). */
type Week = number[];

/**
 * One register day invented (the bench, and the days before the registers' history): sales by VAT
 * rate, paid in cash, by card or with meal vouchers, then the card remittance and the voucher refund.
 */
function inventedRegisterDay(w: FecWriter, day: string, reg: number, base: number, week: Week, until: string) {
  const rates: Array<[string, string, number, number]> = [
    ['70710000', '44571055', 0.055, 0.65],
    ['70720000', '44571100', 0.1, 0.2],
    ['70730000', '44571200', 0.2, 0.15],
  ];
  const legs: Leg[] = [];
  let ttcTotal = 0;
  for (const [sales, vat, rate, share] of rates) {
    const ttc = Math.round(base * share);
    const [net, tax] = split(ttc, rate);
    legs.push({ account: sales, credit: net }, { account: vat, credit: tax });
    ttcTotal += ttc;
  }
  const cash = Math.round(ttcTotal * 0.3);
  const vouchers = Math.round(ttcTotal * 0.1);
  const card = ttcTotal - cash - vouchers;
  week.push(cash);
  const label = `Z de caisse ${reg % 2 === 0 ? 'comptoir' : 'salon de thé'} du ${day.slice(8, 10)}/${day.slice(5, 7)}`;
  w.entry('CA', day, `Z${fecDate(day)}-${reg + 1}`, label, [
    { account: '53000000', debit: cash },
    { account: '58110000', debit: card },
    { account: '58120000', debit: vouchers },
    ...legs,
  ]);
  const clamp = (d: string) => (d <= until ? d : until);
  const fee = Math.round(card * 0.006);
  w.entry(
    'BQ',
    clamp(addDays(day, 1)),
    `CB${fecDate(day)}-${reg + 1}`,
    `Remise CB du ${day.slice(8, 10)}/${day.slice(5, 7)}`,
    [
      { account: '51200000', debit: card - fee },
      { account: '62780000', debit: fee },
      { account: '58110000', credit: card },
    ],
  );
  w.entry('BQ', clamp(addDays(day, 3)), `TR${fecDate(day)}-${reg + 1}`, 'Remboursement titres-restaurant', [
    { account: '51200000', debit: vouchers },
    { account: '58120000', credit: vouchers },
  ]);
}

/** The invoices and payments of a source by their own dates, inside [dateStart, until]. */
function invoiceCalendar(sales: SalesSource | undefined, dateStart: string, until: string) {
  const inside = (d: string) => d >= dateStart && d <= until;
  const invoices = new Map<string, SalesInvoice[]>();
  const payments = new Map<string, Array<[SalesInvoice, SalesInvoice['payments'][number]]>>();
  for (const inv of sales?.invoices ?? []) {
    if (inside(inv.date)) invoices.set(inv.date, [...(invoices.get(inv.date) ?? []), inv]);
    for (const p of inv.payments) if (inside(p.date)) payments.set(p.date, [...(payments.get(p.date) ?? []), [inv, p]]);
  }
  return { invoices, payments };
}

/**
 * One bakery exercise, from dateStart to `until` (inclusive). `scale` multiplies the daily
 * registers (the bench's million lines); `opening` carries the previous exercise's balances;
 * `sales`, when given, replaces the invented register days (from its first recorded day) and the
 * invented catering invoices by the ones the cash and invoicing modules recorded.
 */
export function bakeryExercise(
  dateStart: string,
  until: string,
  opts: {
    seed: number;
    scale?: number;
    opening?: Map<string, number> | null;
    sales?: SalesSource;
    /** The day the demo is seeded: no entry is validated later (FecWriter). */
    today?: string;
  },
): FecWriter {
  const w = new FecWriter(opts.today ?? null);
  const r = seededRandom(opts.seed);
  const scale = opts.scale ?? 1;
  w.entry('AN', dateStart, 'AN', 'Reprise des soldes', openingLegs(opts.opening));
  const recordedFrom = opts.sales?.registersFrom ?? null;
  const calendar = invoiceCalendar(opts.sales, dateStart, until);
  let loan = opts.opening?.get('16400000') ?? -8_000_000;
  let week: Week = [];
  const pieces = { last: 0 };
  for (let day = dateStart; day <= until; day = addDays(day, 1)) {
    const d = new Date(`${day}T00:00:00Z`);
    const weekday = d.getUTCDay();
    const month = d.getUTCMonth();
    const season = 1 + 0.25 * Math.cos(((month - 11) / 12) * 2 * Math.PI);
    // The registers' days: as « Mes caisses » recorded them, or invented before its history starts.
    if (recordedFrom !== null && day >= recordedFrom)
      for (const rd of opts.sales!.days.get(day) ?? []) registerDayEntry(w, rd, until);
    else if (weekday !== 0)
      for (let reg = 0; reg < 2 * scale; reg++) {
        const base = (reg % 2 === 0 ? 120_000 : 38_000) * season * (weekday === 6 ? 1.4 : 1) * (0.85 + 0.3 * r());
        inventedRegisterDay(w, day, reg, base, week, until);
      }
    // The invoices of « Mes factures » and the payments received for them, each on its own date.
    for (const inv of calendar.invoices.get(day) ?? []) invoiceEntry(w, inv);
    for (const [inv, p] of calendar.payments.get(day) ?? []) paymentEntry(w, inv, p);
    if (weekday !== 0) {
      supplierInvoices(w, r, day, until, scale, pieces);
      // Invented catering invoices (about one in four days), paid 15 days later: only without real ones.
      if (!opts.sales && r() < 0.25) cateringInvoice(w, r, day, until, pieces);
    }
    // The invented days' cash goes to the bank on Saturdays (recorded days carry their own deposits).
    if (weekday === 6) {
      depositWeek(w, day, week);
      week = [];
    }
    // Month end: rent, payroll, loan instalment.
    if (addDays(day, 1).slice(8, 10) === '01') loan = monthEnd(w, r, day, scale, loan);
  }
  return w;
}

/** The last piece number taken (supplier and catering invoices share one sequence). */
interface Pieces {
  last: number;
}

/** The opening entry: the previous balances (balance-sheet accounts and the result), or the creation. */
function openingLegs(previous: Map<string, number> | null | undefined): Leg[] {
  const opening: Leg[] = [];
  if (previous) {
    let result = 0;
    for (const [account, cents] of [...previous].sort()) {
      if (account.startsWith('6') || account.startsWith('7')) result += cents;
      else if (cents !== 0) opening.push(cents > 0 ? { account, debit: cents } : { account, credit: -cents });
    }
    if (result !== 0)
      opening.push(result > 0 ? { account: '12000000', debit: result } : { account: '12000000', credit: -result });
  } else
    opening.push(
      { account: '51200000', debit: 4_000_000 },
      { account: '21540000', debit: 6_000_000 },
      { account: '10130000', credit: 2_000_000 },
      { account: '16400000', credit: 8_000_000 },
    );
  return opening;
}

/** The day's supplier invoices (four or five a day) and their payment 30 days later. */
function supplierInvoices(w: FecWriter, r: () => number, day: string, until: string, scale: number, pieces: Pieces) {
  const invoices = Math.round(4.4 * scale * (0.5 + r()));
  for (let k = 0; k < invoices; k++) {
    const [code, name, account, rate] = SUPPLIERS[Math.floor(r() * SUPPLIERS.length)]!;
    // Purchases about 30 % of the sales, as in a bakery (flour, butter, energy): the demo shows a
    // profit. Many small ones (four or five a day), as a bakery's deliveries come.
    const ttc = Math.round((account === '60610000' ? 20_500 : 8_500) * (0.5 + r()));
    const [net, tax] = split(ttc, rate);
    const ref = `FA${pad(++pieces.last)}`;
    const letter = `L${pad(pieces.last, 5)}`;
    w.entry('AC', day, ref, `${name} facture ${ref}`, [
      { account, debit: net },
      { account: '44566000', debit: tax },
      { account: '40100000', credit: ttc, aux: [code, name], lettering: letter },
    ]);
    if (addDays(day, 30) <= until)
      w.entry('BQ', addDays(day, 30), ref, `Virement ${name} ${ref}`, [
        { account: '40100000', debit: ttc, aux: [code, name], lettering: letter },
        { account: '51200000', credit: ttc },
      ]);
  }
}

/** An invented catering invoice, paid 15 days later. */
function cateringInvoice(w: FecWriter, r: () => number, day: string, until: string, pieces: Pieces) {
  const [code, name] = CUSTOMERS[Math.floor(r() * CUSTOMERS.length)]!;
  const ttc = Math.round(35_000 + 60_000 * r());
  const [net, tax] = split(ttc, 0.1);
  const ref = `FV${pad(++pieces.last)}`;
  const letter = `V${pad(pieces.last, 5)}`;
  w.entry('VT', day, ref, `Traiteur ${name}`, [
    { account: '41100000', debit: ttc, aux: [code, name], lettering: letter },
    { account: '70610000', credit: net },
    { account: '44571100', credit: tax },
  ]);
  if (addDays(day, 15) <= until)
    w.entry('BQ', addDays(day, 15), ref, `Règlement ${name}`, [
      { account: '51200000', debit: ttc },
      { account: '41100000', credit: ttc, aux: [code, name], lettering: letter },
    ]);
}

/** The invented week's cash, deposited at the bank. */
function depositWeek(w: FecWriter, day: string, week: Week) {
  const cash = week.reduce((a, b) => a + b, 0);
  if (cash > 0)
    w.entry('BQ', day, `ESP${fecDate(day)}`, 'Remise d’espèces en banque', [
      { account: '51200000', debit: cash },
      { account: '53000000', credit: cash },
    ]);
}

/** Month end: rent, payroll and the loan's instalment; returns the loan's balance after it (cents, negative). */
function monthEnd(w: FecWriter, r: () => number, day: string, scale: number, loan: number): number {
  const m = `${day.slice(5, 7)}/${day.slice(0, 4)}`;
  w.entry('AC', day, `LOY${day.slice(0, 7)}`, `Loyer ${m}`, [
    { account: '61320000', debit: 180_000 },
    { account: '44566000', debit: 36_000 },
    { account: '40100000', credit: 216_000, aux: ['F-SCI', 'SCI des Lilas'] },
  ]);
  w.entry('BQ', day, `LOY${day.slice(0, 7)}`, `Virement loyer ${m}`, [
    { account: '40100000', debit: 216_000, aux: ['F-SCI', 'SCI des Lilas'] },
    { account: '51200000', credit: 216_000 },
  ]);
  const gross = Math.round(1_450_000 * scale * (0.97 + 0.06 * r()));
  const employee = Math.round(gross * 0.22);
  const employer = Math.round(gross * 0.42);
  const net = gross - employee;
  w.entry('OD', day, `PAIE${day.slice(0, 7)}`, `Paie ${m}`, [
    { account: '64100000', debit: gross },
    { account: '64510000', debit: employer },
    { account: '42100000', credit: net },
    { account: '43100000', credit: Math.round((employee + employer) * 0.8) },
    { account: '43700000', credit: employee + employer - Math.round((employee + employer) * 0.8) },
  ]);
  w.entry('BQ', day, `PAIE${day.slice(0, 7)}`, `Virement des salaires ${m}`, [
    { account: '42100000', debit: net },
    { account: '51200000', credit: net },
  ]);
  const interest = Math.round((-loan * 0.035) / 12);
  const capital = 140_000 - interest;
  const remaining = loan + capital;
  w.entry('BQ', day, `ECH${day.slice(0, 7)}`, `Échéance emprunt four ${m}`, [
    { account: '16400000', debit: capital },
    { account: '66110000', debit: interest },
    { account: '51200000', credit: 140_000 },
  ]);
  return remaining;
}

/** A small exercise for the café: monthly sales, purchases, bank. */
function cafeExercise(dateStart: string, until: string, today: string): FecWriter {
  const w = new FecWriter(today);
  const r = seededRandom(7);
  w.entry('AN', dateStart, 'AN', 'Reprise des soldes', [
    { account: '51200000', debit: 1_500_000 },
    { account: '10130000', credit: 1_500_000 },
  ]);
  for (let day = dateStart; day <= until; day = addDays(day, 1)) {
    const ttc = Math.round(90_000 + 40_000 * r());
    const [net, tax] = split(ttc, 0.1);
    w.entry('CA', day, `Z${fecDate(day)}`, `Z de caisse du ${day.slice(8, 10)}/${day.slice(5, 7)}`, [
      { account: '53000000', debit: ttc },
      { account: '70720000', credit: net },
      { account: '44571100', credit: tax },
    ]);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1) {
      const cost = Math.round(200_000 + 100_000 * r());
      const [n2, t2] = split(cost, 0.2);
      w.entry('AC', day, `FA${fecDate(day)}`, 'Brasseur du Vieux Port', [
        { account: '60120000', debit: n2 },
        { account: '44566000', debit: t2 },
        { account: '51200000', credit: cost },
      ]);
    }
  }
  return w;
}

async function* stream(w: FecWriter): AsyncGenerator<Uint8Array> {
  yield* w.chunks();
}

/** Imports a generated FEC through the module's importer, as the firm would. */
async function load(
  ctx: SeedContext,
  companyId: number,
  siren: string,
  dateStart: string,
  closing: string,
  w: FecWriter,
) {
  const outcome = await importFec(
    ctx.deps.db,
    {
      companyId,
      userId: ctx.adminUserId,
      fileName: `${siren}FEC${fecDate(closing)}.txt`,
      dateStart,
      // Imported at the seeding instant: the exercise under way holds the entries up to yesterday.
      now: demoCalendar(ctx.deps.now()).now,
    },
    stream(w),
  );
  if (!outcome.ok) throw new Error(`FEC de démonstration refusé : ${outcome.refusal.errors.slice(0, 3).join(' ; ')}`);
}

export async function seedAccounting(ctx: SeedContext): Promise<void> {
  const { today } = demoCalendar(ctx.deps.now());
  const year = Number(today.slice(0, 4));
  const bakery = ctx.companies.find((c) => c.label === 'Boulangerie Pâtisserie Martin');
  if (bakery) {
    const siren = (bakery.siren ?? '').replace(/\D/g, '').slice(0, 9).padEnd(9, '0');
    // The exercise under way has its lines up to yesterday: today's register day is still open.
    const yesterday = addDays(today, -1);
    const sales = await loadSales(ctx.deps.db, bakery.id, `${year - 1}-01-01`, yesterday);
    const first = bakeryExercise(`${year - 1}-01-01`, `${year - 1}-12-31`, { seed: 2025, sales, today });
    await load(ctx, bakery.id, siren, `${year - 1}-01-01`, `${year - 1}-12-31`, first);
    const current = bakeryExercise(`${year}-01-01`, yesterday, { seed: 2026, opening: first.balances, sales, today });
    await load(ctx, bakery.id, siren, `${year}-01-01`, `${year}-12-31`, current);
    await seedInformationRequests(ctx, bakery.id, today);
  }
  const cafe = ctx.companies.find((c) => c.label === 'Café des Arts');
  if (cafe) {
    const siren = (cafe.siren ?? '').replace(/\D/g, '').slice(0, 9).padEnd(9, '0');
    await load(
      ctx,
      cafe.id,
      siren,
      `${year - 1}-01-01`,
      `${year - 1}-12-31`,
      cafeExercise(`${year - 1}-01-01`, `${year - 1}-12-31`, today),
    );
    await seedCafeRequests(ctx, cafe.id, today);
  }
}
