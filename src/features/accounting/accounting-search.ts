// The search params of « Ma comptabilité »'s screens (decision 022: what is missing or malformed
// falls back to the default); the routes validate with them, the screens read them typed through
// their route (decision 083).
import { clean, oneOf, text, texts, whole } from '../../lib/list-search';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);
const amount = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? String(v)
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
      ? v
      : undefined;

export interface AccountingDashboardSearch {
  /** The exercise's id (absent: the last consulted, else the latest). */
  exercice?: number;
}
export const accountingDashboardSearch = (s: Record<string, unknown>): AccountingDashboardSearch =>
  clean({ exercice: whole(s.exercice, 1) });

export interface GreatBookSearch {
  exercice?: number;
  /** The account shown (absent: the first of the tree). */
  compte?: string;
  du?: string;
  au?: string;
}
export const ledgerSearch = (s: Record<string, unknown>): GreatBookSearch =>
  clean({ exercice: whole(s.exercice, 1), compte: text(s.compte), du: day(s.du), au: day(s.au) });

export interface EntrySearch {
  exercice?: number;
  du?: string;
  au?: string;
  comptes?: string[];
  journaux?: string[];
  q?: string;
  min?: string;
  max?: string;
}
export const entrySearch = (s: Record<string, unknown>): EntrySearch =>
  clean({
    exercice: whole(s.exercice, 1),
    du: day(s.du),
    au: day(s.au),
    comptes: texts(s.comptes),
    journaux: texts(s.journaux),
    q: text(s.q),
    min: amount(s.min),
    max: amount(s.max),
  });

export interface RequestsSearch {
  /** The request open on the page (a type 2 notification opens it). */
  demande?: number;
  statut?: 'open' | 'answered' | 'closed';
  /** A type 2 notification's id: the page finds its request and opens it (NOTIF-1). */
  notification?: number;
}
export const requestsSearch = (s: Record<string, unknown>): RequestsSearch =>
  clean({
    demande: whole(s.demande, 1),
    statut: oneOf(['open', 'answered', 'closed'] as const)(s.statut),
    notification: whole(s.notification, 1),
  });

export interface FecImportSearch {
  societe?: number;
}
export const fecImportSearch = (s: Record<string, unknown>): FecImportSearch => clean({ societe: whole(s.societe, 1) });
