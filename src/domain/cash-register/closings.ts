// Which closings a day's closing produces (decision 037). A month is closed (M) with the closing of
// its last calendar day, or, when its last days had no activity, by the first day closed after it;
// a year (A) likewise. Months with no closed day get no M closing.
import { endOfMonth } from '../dates';
import { formatDate } from '../format';
import type { ClosingKind } from './canonical';

export interface PlannedClosing {
  kind: ClosingKind;
  periodStart: string;
  periodEnd: string;
}

const monthOf = (day: string) => day.slice(0, 7);
const yearOf = (day: string) => day.slice(0, 4);
const monthPeriod = (day: string): PlannedClosing => ({
  kind: 'M',
  periodStart: `${monthOf(day)}-01`,
  periodEnd: endOfMonth(day),
});
const yearPeriod = (day: string): PlannedClosing => ({
  kind: 'A',
  periodStart: `${yearOf(day)}-01-01`,
  periodEnd: `${yearOf(day)}-12-31`,
});

/**
 * The closings made when `day` is closed, in order, given the last day closed before it (null for
 * the register's first closing).
 */
export function plannedClosings(day: string, previousClosedDay: string | null): PlannedClosing[] {
  const out: PlannedClosing[] = [];
  const prev = previousClosedDay;
  if (prev && monthOf(prev) !== monthOf(day) && prev !== endOfMonth(prev)) out.push(monthPeriod(prev));
  if (prev && yearOf(prev) !== yearOf(day) && !prev.endsWith('-12-31')) out.push(yearPeriod(prev));
  out.push({ kind: 'J', periodStart: day, periodEnd: day });
  if (day === endOfMonth(day)) out.push(monthPeriod(day));
  if (day.endsWith('-12-31')) out.push(yearPeriod(day));
  return out;
}

export const CASH_MESSAGES = {
  closedDay: 'Cette journée est clôturée : saisissez un mouvement correctif sur une journée ouverte.',
  alreadyClosed: 'Cette journée est déjà clôturée.',
  earlierOpen: (day: string) => `La journée du ${formatDate(day)} n’est pas clôturée : clôturez-la d’abord.`,
  futureDay: 'Cette journée est dans le futur : on ne saisit et ne clôture que jusqu’à aujourd’hui.',
  registerNotFound: 'Cette caisse est introuvable.',
  /** A write on a head that its signature no longer covers would sign over the tampering (decision 077). */
  headTampered:
    'La tête de la caisse ne correspond plus à sa signature : la caisse a été modifiée en dehors du portail. Rien n’a été enregistré ; lancez « Vérifier l’intégrité » et prévenez l’administrateur du portail.',
} as const;
