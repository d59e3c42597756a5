// The search params of « Mon compte »'s screens (decision 022: malformed or missing falls back to
// the default). Their paths carry the product's slug, so no route id is known when the app is
// compiled: the route reads its own validated search and hands it to the screen (decision 083).
import { clean, oneOf } from '../../lib/list-search';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);

export interface FirmInvoicesSearch {
  statut?: 'paid' | 'unpaid' | 'overdue' | 'credit';
}
export const firmInvoicesSearch = (s: Record<string, unknown>): FirmInvoicesSearch =>
  clean({ statut: oneOf(['paid', 'unpaid', 'overdue', 'credit'] as const)(s.statut) });

export interface StatementSearch {
  du?: string;
  au?: string;
}
export const statementSearch = (s: Record<string, unknown>): StatementSearch => clean({ du: day(s.du), au: day(s.au) });
