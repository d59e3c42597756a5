// The screen logic of « Ma comptabilité » (decision 039), pure and tested: the classes of the plan
// comptable général, the ledger's CSV, the information requests' statuses, the search form's
// checks. Every figure and date is written by src/domain/format.ts.
import { csvFile } from '../../domain/csv';
import { formatDate, formatInputNumber } from '../../domain/format';
import { parseFrenchNumber } from '../../domain/money';
import type { SearchBody } from '../../contract/accounting';

/** The classes of the PCG, as the ledger's tree shows them. */
export const PCG_CLASSES: Record<string, string> = {
  '1': 'Capitaux',
  '2': 'Immobilisations',
  '3': 'Stocks et en-cours',
  '4': 'Tiers',
  '5': 'Financiers',
  '6': 'Charges',
  '7': 'Produits',
  '8': 'Comptes spéciaux',
  '9': 'Comptabilité analytique',
};

/** The class of an account number ('411000' → '4'); '' when it does not start with a digit 1–9. */
export const classOf = (account: string): string => (/^[1-9]/.test(account) ? account[0] : '');

export const classLabel = (c: string): string => `${c} ${PCG_CLASSES[c] ?? 'Autres comptes'}`;

export interface ClassGroup<A> {
  /** '1'…'9'. */
  class: string;
  label: string;
  accounts: A[];
}

/** Accounts grouped by class of the PCG, classes and accounts in number order. */
export function groupByClass<A extends { number: string }>(accounts: readonly A[]): ClassGroup<A>[] {
  const groups = new Map<string, A[]>();
  for (const a of [...accounts].sort((x, y) => x.number.localeCompare(y.number))) {
    const c = classOf(a.number) || '?';
    groups.set(c, [...(groups.get(c) ?? []), a]);
  }
  return (
    [...groups.entries()]
      // '?' (accounts outside the plan) last.
      .sort(([a], [b]) => (a === '?' ? 1 : b === '?' ? -1 : a.localeCompare(b)))
      .map(([c, list]) => ({ class: c, label: c === '?' ? 'Autres comptes' : classLabel(c), accounts: list }))
  );
}

/** Accounts whose number or label contains the text (case and accents ignored). */
export function filterAccounts<A extends { number: string; label: string }>(accounts: readonly A[], text: string): A[] {
  const q = fold(text.trim());
  if (!q) return [...accounts];
  return accounts.filter((a) => fold(a.number).includes(q) || fold(a.label).includes(q));
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// --- Information requests --------------------------------------------------------------------

export type RequestStatus = 'open' | 'answered' | 'closed';

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'En attente de réponse',
  answered: 'Répondue',
  closed: 'Clôturée',
};
export const REQUEST_STATUS_COLORS: Record<RequestStatus, string> = {
  open: 'red.9',
  answered: 'blue.8',
  closed: 'gray.7',
};

export type RequestKind = 'document' | 'explanation';
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  document: 'Justificatif demandé',
  explanation: 'Explication demandée',
};

/** What the client may do with a request: answer while it is open or answered (to add to it), never once closed. */
export const canAnswer = (status: RequestStatus) => status !== 'closed';

/** Checks of an answer before it is queued: some text or a file. */
export function answerProblem(text: string, files: readonly unknown[]): string | null {
  if (!text.trim() && files.length === 0) return 'Écrivez une réponse ou joignez un fichier.';
  if (text.length > 5000) return 'La réponse ne doit pas dépasser 5 000 caractères.';
  return null;
}

// --- Search form -----------------------------------------------------------------------------

export interface AmountRange {
  min: number | null;
  max: number | null;
}

/** The amount range typed in French ('1 200,50'); a message when a bound cannot be read or they cross. */
export function readAmountRange(min: string, max: string): { range: AmountRange; problem: string | null } {
  const lo = min.trim() ? parseFrenchNumber(min) : null;
  const hi = max.trim() ? parseFrenchNumber(max) : null;
  if (min.trim() && lo === null) return { range: { min: null, max: hi }, problem: 'Montant minimum invalide.' };
  if (max.trim() && hi === null) return { range: { min: lo, max: null }, problem: 'Montant maximum invalide.' };
  if (lo !== null && hi !== null && lo > hi)
    return { range: { min: lo, max: hi }, problem: 'Le montant minimum dépasse le montant maximum.' };
  return { range: { min: lo, max: hi }, problem: null };
}

export function periodProblem(from: string | undefined, to: string | undefined): string | null {
  return from && to && from > to ? 'La fin de la période doit suivre son début.' : null;
}

// --- Ledger export ---------------------------------------------------------------------------

export interface CsvLine {
  date: string;
  journal: string;
  piece: string;
  label: string;
  debit: number;
  credit: number;
  lettering: string | null;
  balance: number;
  account?: string;
}

const amount = (n: number) => (n ? formatInputNumber(n, { decimals: 2 }) : '');

/** The lines shown, as a CSV a French spreadsheet opens (semicolons, decimal comma, BOM). */
export function ledgerCsv(lines: readonly CsvLine[]): string {
  const withAccount = lines.some((l) => l.account);
  const head = [
    ...(withAccount ? ['Compte'] : []),
    'Date',
    'Journal',
    'Pièce',
    'Libellé',
    'Débit',
    'Crédit',
    'Lettrage',
    'Solde',
  ];
  const rows = lines.map((l) => [
    ...(withAccount ? [l.account ?? ''] : []),
    formatDate(l.date),
    l.journal,
    l.piece,
    l.label,
    amount(l.debit),
    amount(l.credit),
    l.lettering ?? '',
    formatInputNumber(l.balance, { decimals: 2 }),
  ]);
  // The shared cells (src/domain/csv.ts): a label starting with = + - @ never runs as a formula.
  return csvFile([head, ...rows]);
}

// --- Virtualised pages -----------------------------------------------------------------------

/** The pages (1-based) holding rows first..last, with one page more on each side. */
export function pagesFor(first: number, last: number, pageSize: number, total: number): number[] {
  if (total <= 0 || last < 0) return [1];
  const count = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.max(1, Math.floor(Math.max(0, first) / pageSize) + 1 - 1);
  const to = Math.min(count, Math.floor(Math.min(last, total - 1) / pageSize) + 1 + 1);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

// --- Ledger columns --------------------------------------------------------------------------

/** A column of fixed width (`px`), or the one that takes what is left (no `px`): the label. */
export interface SizedColumn {
  px?: number;
  /** Dropped when the row is too narrow, lowest first; columns without it always stay. */
  drop?: number;
}

/**
 * The columns a row of `width` pixels shows with the free column at least `freeMin` wide: the
 * droppable ones go, lowest `drop` first, until the rest fits. The row's width, not the screen's:
 * beside the account tree and the menu, a laptop's ledger is narrower than a tablet's.
 * An unmeasured row (`width` 0) keeps every column.
 */
export function columnsThatFit<C extends SizedColumn>(columns: readonly C[], width: number, freeMin: number): C[] {
  if (width <= 0) return [...columns];
  const droppable = columns.filter((c) => c.drop !== undefined).sort((a, b) => a.drop! - b.drop!);
  const dropped = new Set<C>();
  const needed = () => columns.reduce((sum, c) => sum + (dropped.has(c) ? 0 : (c.px ?? freeMin)), 0);
  for (const column of droppable) {
    if (needed() <= width) break;
    dropped.add(column);
  }
  return columns.filter((c) => !dropped.has(c));
}

// --- Entry search ----------------------------------------------------------------------------

export const SEARCH_PAGE_SIZE = 100;

export interface EntrySearchParams {
  exercice?: number;
  du?: string;
  au?: string;
  comptes?: string[];
  journaux?: string[];
  q?: string;
  min?: string;
  max?: string;
}

export const hasCriteria = (s: EntrySearchParams) => Object.values(s).some((v) => v !== undefined);

/** The search's body from the URL's params (null: nothing searched yet). */
export function searchBodyOf(s: EntrySearchParams, exercise: number | undefined): Omit<SearchBody, 'page'> | null {
  if (!hasCriteria(s) || !exercise) return null;
  return {
    exercise,
    ...(s.du ? { dateStart: s.du } : {}),
    ...(s.au ? { dateEnd: s.au } : {}),
    ...(s.comptes?.length ? { accounts: s.comptes } : {}),
    ...(s.journaux?.length ? { journals: s.journaux } : {}),
    ...(s.q ? { q: s.q } : {}),
    ...(s.min ? { amountMin: Number(s.min) } : {}),
    ...(s.max ? { amountMax: Number(s.max) } : {}),
    pageSize: SEARCH_PAGE_SIZE,
  };
}
