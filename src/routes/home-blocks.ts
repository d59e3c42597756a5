import { can, type Subject } from '../domain/rights';

/** The blocks of the home page, in their order on the page. */
export type HomeBlock =
  'firmDeposits' | 'receivables' | 'quotes' | 'documents' | 'deposits' | 'accounting' | 'cash' | 'notifications';

/**
 * Which figures the user sees on the home page (decision 042): each block only with its right, read
 * with can(); the unread notifications are everyone's. Pure, so the rule is tested without
 * rendering (home-blocks.test.ts); home-screen.tsx draws it.
 */
export function homeBlocks(subject: Subject | null | undefined): HomeBlock[] {
  const invoicing = (child: 'listeFactures' | 'listeDevis') =>
    can(subject, 'view', { menu: 'mesFactures' }) && can(subject, 'view', { menu: 'mesFactures', child });
  const blocks: Array<[HomeBlock, boolean]> = [
    // The firm's own work first: what its clients deposited, to file (« Mes dépôts »).
    ['firmDeposits', can(subject, 'firm') && can(subject, 'view', { menu: 'profil', child: 'mesDepots' })],
    ['receivables', invoicing('listeFactures')],
    ['quotes', invoicing('listeDevis')],
    ['documents', can(subject, 'view', { menu: 'mesDocuments' })],
    ['deposits', can(subject, 'view', { menu: 'maBannette' })],
    ['accounting', can(subject, 'view', { menu: 'maComptabilite' })],
    ['cash', can(subject, 'view', { menu: 'mesCaisses' })],
    ['notifications', true],
  ];
  return blocks.filter(([, shown]) => shown).map(([block]) => block);
}
