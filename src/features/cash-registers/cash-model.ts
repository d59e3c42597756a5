// The screen logic of « Mes caisses » (decision 037): the drawer count and its écart, the navigation
// between days, the amounts typed on a tablet, the lines of a journal named from the register's
// movement types, and the movements still waiting in the outbox. Pure: no I/O, no clock.
import type {
  Journal,
  MovementCategory,
  MovementEntry,
  MovementType,
  PaymentMethod,
} from '../../contract/cash-registers';
import { addDays, compareDates } from '../../domain/dates';
import { formatCount, formatMoney, formatMoneyCompact, formatNumber, formatPercent } from '../../domain/format';
import { fromCents, parseFrenchNumber, toCents } from '../../domain/money';

/** Notes and coins of the drawer, largest first; `key` is the value in euros as the wire's text. */
export const DENOMINATIONS = [
  { key: '500', cents: 50_000, kind: 'note' },
  { key: '200', cents: 20_000, kind: 'note' },
  { key: '100', cents: 10_000, kind: 'note' },
  { key: '50', cents: 5_000, kind: 'note' },
  { key: '20', cents: 2_000, kind: 'note' },
  { key: '10', cents: 1_000, kind: 'note' },
  { key: '5', cents: 500, kind: 'note' },
  { key: '2', cents: 200, kind: 'coin' },
  { key: '1', cents: 100, kind: 'coin' },
  { key: '0.5', cents: 50, kind: 'coin' },
  { key: '0.2', cents: 20, kind: 'coin' },
  { key: '0.1', cents: 10, kind: 'coin' },
  { key: '0.05', cents: 5, kind: 'coin' },
  { key: '0.02', cents: 2, kind: 'coin' },
  { key: '0.01', cents: 1, kind: 'coin' },
] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** '500 €', '2 €', '0,50 €'. */
export const denominationText = (d: Denomination) =>
  d.cents >= 100 ? formatMoneyCompact(fromCents(d.cents)) : formatMoney(fromCents(d.cents));
export const denominationLabel = (d: Denomination) =>
  `${d.kind === 'note' ? 'Billets' : 'Pièces'} de ${denominationText(d)}`;

export type CountDetail = Record<string, number>;

/** The total of a count by notes and coins, in euros (cents added, never floats). */
export function countTotal(detail: CountDetail): number {
  let cents = 0;
  for (const d of DENOMINATIONS) cents += d.cents * Math.max(0, Math.trunc(detail[d.key] ?? 0));
  return fromCents(cents);
}

/** Écart de caisse: what was counted less the theoretical balance (negative: cash missing). */
export const cashDifference = (counted: number, theoretical: number) =>
  fromCents(toCents(counted) - toCents(theoretical));

export function differenceText(diff: number): string {
  if (diff === 0) return 'Aucun écart : le tiroir correspond au solde théorique.';
  return diff < 0
    ? `Il manque ${formatMoney(-diff)} dans le tiroir.`
    : `Il y a ${formatMoney(diff)} de plus que le solde théorique.`;
}

/** The count as the closing sends it: only the denominations counted, or null for a total typed. */
export function countDetail(detail: CountDetail): CountDetail | null {
  const kept = Object.fromEntries(
    DENOMINATIONS.filter((d) => (detail[d.key] ?? 0) > 0).map((d) => [d.key, Math.trunc(detail[d.key])]),
  );
  return Object.keys(kept).length ? kept : null;
}

/** A number of notes or coins typed in a stepper: whole, 0 to 100 000. */
export function countProblem(n: number | string): string | null {
  const v = typeof n === 'number' ? n : Number(n);
  if (!Number.isInteger(v) || v < 0) return 'Saisissez un nombre entier, zéro ou plus.';
  if (v > 100_000) return `${formatNumber(100_000, 0)} au plus.`;
  return null;
}

// --- Amounts typed on the tablet -------------------------------------------------------------

export type AmountCheck = { ok: true; amount: number } | { ok: false; message: string };

/**
 * An amount typed in a field ('12,50', '12.5', '1 234'): positive with at most 2 decimals, or of
 * any sign for a correction (the opposite of the line it corrects).
 */
export function checkAmount(text: string, opts: { required?: boolean; allowNegative?: boolean } = {}): AmountCheck {
  const t = text.trim();
  if (t === '') return opts.required ? { ok: false, message: 'Saisissez un montant.' } : { ok: true, amount: 0 };
  const n = parseFrenchNumber(t);
  if (n === null) return { ok: false, message: 'Montant invalide : saisissez un nombre, par exemple 12,50.' };
  if (Math.abs(toCents(n) - n * 100) > 1e-6) return { ok: false, message: 'Deux décimales au plus.' };
  if (n < 0 && !opts.allowNegative) return { ok: false, message: 'Le montant doit être positif.' };
  if (n === 0 && opts.required) return { ok: false, message: 'Le montant doit être différent de zéro.' };
  if (Math.abs(n) >= 10_000_000) return { ok: false, message: 'Montant trop élevé.' };
  return { ok: true, amount: n };
}

// --- Movement types and lines ----------------------------------------------------------------

export const CATEGORY_TITLES: Record<MovementCategory, string> = {
  sales: 'Ventes',
  revenues: 'Encaissements',
  bankDeposit: 'Remises en banque',
  initialDeposit: 'Fond de caisse',
  expenses: 'Dépenses',
  summary: 'Récapitulatif et écart de caisse',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  especes: 'Espèces',
  carte: 'Carte bancaire',
  cheque: 'Chèque',
  'titres-restaurant': 'Titres-restaurant',
  autres: 'Autres',
};

export const typesOf = (types: readonly MovementType[], category: MovementCategory) =>
  types.filter((t) => t.category === category).sort((a, b) => (b.vatRate ?? 0) - (a.vatRate ?? 0) || a.id - b.id);

/** The label of a line: its type's label (or a French default), then the label typed, if any. */
export function lineLabel(entry: Pick<MovementEntry, 'idTypeMouv' | 'label'>, types: readonly MovementType[]): string {
  const type = types.find((t) => t.id === entry.idTypeMouv);
  const base = type ? typeLabel(type) : 'Mouvement';
  return entry.label && entry.label !== base ? `${base} — ${entry.label}` : base;
}

export function typeLabel(type: MovementType): string {
  if (type.label) return type.label;
  if (type.category === 'sales' && type.vatRate !== null) return `Ventes TVA ${formatPercent(type.vatRate)}`;
  if (type.category === 'revenues' && type.paymentMethod) return PAYMENT_METHOD_LABELS[type.paymentMethod];
  return CATEGORY_TITLES[type.category];
}

// --- Days ------------------------------------------------------------------------------------

/** A day with something on it: a movement or a closing. */
export const hasActivity = (j: Journal) =>
  j.registerDetails.closed ||
  j.sales.length + j.revenues.length + j.bankDeposit.length + j.initialDeposit.length + j.expenses.length > 0;

export interface DayNav {
  previous: string | null;
  next: string | null;
  today: string;
}

/**
 * Previous and next days with activity around `day` (from the known days); past the last one,
 * « next » is today. Never a day after today.
 */
export function dayNavigation(activeDays: readonly string[], day: string, today: string): DayNav {
  const sorted = [...new Set(activeDays)].filter((d) => compareDates(d, today) <= 0).sort(compareDates);
  const previous = [...sorted].reverse().find((d) => compareDates(d, day) < 0) ?? null;
  let next = sorted.find((d) => compareDates(d, day) > 0) ?? null;
  if (next === null && compareDates(day, today) < 0) next = today;
  return { previous, next, today };
}

/** An empty journal for a day without movements: its balance is the last known day's final one. */
export function emptyJournal(day: string, before: Journal | undefined, registerId: number): Journal {
  const balance = before?.registerDetails.balanceFinal ?? 0;
  return {
    day,
    registerDetails: {
      id: registerId,
      closed: false,
      inflow: 0,
      outflow: 0,
      balanceInitial: balance,
      balanceFinal: balance,
    },
    sales: [],
    revenues: [],
    bankDeposit: [],
    initialDeposit: [],
    expenses: [],
    summary: [],
    salesByVatRate: [],
    revenuesByPaymentMethod: [],
    counted: null,
    difference: null,
    closedAt: null,
    closedBy: null,
    links: { update: null, close: null },
  };
}

/** The journal of `day` among the known ones, or an empty one carrying the balance forward. */
export function journalOf(days: readonly Journal[], day: string, registerId: number): Journal {
  const found = days.find((j) => j.day === day);
  if (found) return found;
  const before = [...days].filter((j) => compareDates(j.day, day) < 0).sort((a, b) => compareDates(a.day, b.day));
  return emptyJournal(day, before.at(-1), registerId);
}

/** The first day of the window kept on the device (62 days, today included). */
export const CACHED_DAYS = 62;
export const windowStart = (today: string) => addDays(today, -(CACHED_DAYS - 1));

/** 'YYYY-MM-DD' and not after today; anything else: today. */
export function validDay(day: string | undefined, today: string): string {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && day <= today
    ? day
    : today;
}

// --- Movements waiting in the outbox ---------------------------------------------------------

export const MOVEMENTS_KIND = 'cashRegister.movements';
export const CLOSE_KIND = 'cashRegister.close';

export interface QueuedMovement {
  id: string;
  idTypeMouv: number;
  idTypeMouvLie?: string | null;
  amount: number;
  label?: string;
  receipt?: { fileName: string; contentType: string; base64: string } | null;
}

export interface PendingChange {
  kind: string;
  path: string;
  body?: unknown;
  state: 'pending' | 'sending' | 'failed';
}

export const dayPath = (uuid: string, day: string) => `sales-register/${uuid}/days/${day}`;

/** The movements of the day still on the device (not yet recorded by the server), and whether a closing waits. */
export function pendingOfDay(
  entries: readonly PendingChange[],
  uuid: string,
  day: string,
): { movements: Array<QueuedMovement & { failed: boolean }>; closing: 'pending' | 'failed' | null } {
  const path = dayPath(uuid, day);
  const movements: Array<QueuedMovement & { failed: boolean }> = [];
  let closing: 'pending' | 'failed' | null = null;
  for (const e of entries) {
    if (e.kind === MOVEMENTS_KIND && e.path === path) {
      const list = ((e.body as { movements?: QueuedMovement[] } | undefined)?.movements ?? []) as QueuedMovement[];
      movements.push(...list.map((m) => ({ ...m, failed: e.state === 'failed' })));
    }
    if (e.kind === CLOSE_KIND && e.path === `${path}/close`) closing = e.state === 'failed' ? 'failed' : 'pending';
  }
  return { movements, closing };
}

/** The category a queued movement goes to, from its type. */
export const categoryOf = (m: Pick<QueuedMovement, 'idTypeMouv'>, types: readonly MovementType[]) =>
  types.find((t) => t.id === m.idTypeMouv)?.category ?? null;

/**
 * The theoretical cash balance once the queued movements are applied: what the server will say
 * after the replay (cash 'in' adds, 'out' takes, 'none' leaves the drawer alone).
 */
export function balanceWithPending(
  journal: Journal,
  pending: readonly QueuedMovement[],
  types: readonly MovementType[],
): number {
  let cents = toCents(journal.registerDetails.balanceFinal);
  const recorded = new Set(allLines(journal).map((l) => l.id));
  for (const m of pending) {
    if (recorded.has(m.id)) continue;
    const cash = types.find((t) => t.id === m.idTypeMouv)?.cash;
    if (cash === 'in') cents += toCents(m.amount);
    if (cash === 'out') cents -= toCents(m.amount);
  }
  return fromCents(cents);
}

export const allLines = (j: Journal): MovementEntry[] => [
  ...j.sales,
  ...j.revenues,
  ...j.bankDeposit,
  ...j.initialDeposit,
  ...j.expenses,
  ...j.summary,
];

/** The current day to enter movements on: the viewed day when it is open and not in the future. */
export const canEnter = (j: Journal, today: string, closingPending: boolean) =>
  !j.registerDetails.closed && !closingPending && compareDates(j.day, today) <= 0;

// --- Dashboard periods -----------------------------------------------------------------------

export const PERIOD_PRESETS = [
  { value: 'mois', label: 'Ce mois-ci' },
  { value: 'mois-precedent', label: 'Mois précédent' },
  { value: 'annee', label: 'Cette année' },
  { value: 'annee-precedente', label: 'Année précédente' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

/** The dates of a preset; a period of the current month or year ends today. */
export function periodOf(preset: PeriodPreset, today: string): { dateStart: string; dateEnd: string } {
  const year = Number(today.slice(0, 4));
  const month = today.slice(0, 7);
  if (preset === 'mois') return { dateStart: `${month}-01`, dateEnd: today };
  if (preset === 'annee') return { dateStart: `${year}-01-01`, dateEnd: today };
  if (preset === 'annee-precedente') return { dateStart: `${year - 1}-01-01`, dateEnd: `${year - 1}-12-31` };
  const previousMonthEnd = addDays(`${month}-01`, -1);
  return { dateStart: `${previousMonthEnd.slice(0, 7)}-01`, dateEnd: previousMonthEnd };
}

/** The preset these dates are, if any (the URL keeps dates, the picker shows the preset). */
export const presetOf = (dateStart: string, dateEnd: string, today: string): PeriodPreset | null =>
  PERIOD_PRESETS.find((p) => {
    const d = periodOf(p.value, today);
    return d.dateStart === dateStart && d.dateEnd === dateEnd;
  })?.value ?? null;

/**
 * The home's « Mes caisses » card: its figure and sentence from the number of past days each
 * register still has to close. A figure always says what it counts (« 2 journées », « À jour »).
 */
export function cashDaysSummary(openDaysPerRegister: readonly number[]): { figure?: string; detail: string } {
  if (openDaysPerRegister.length === 0) return { detail: 'Aucune caisse n’est encore ouverte pour cette société.' };
  const toClose = openDaysPerRegister.reduce((n, days) => n + days, 0);
  if (toClose === 0) return { figure: 'À jour', detail: 'Toutes les journées passées sont clôturées.' };
  return {
    figure: formatCount(toClose, 'journée', 'journées'),
    detail: toClose === 1 ? 'passée, encore à clôturer' : 'passées, encore à clôturer',
  };
}
