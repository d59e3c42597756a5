import { ALL_PERMISSIONS, type AppRight } from '../../../src/domain/rights';

const all = ALL_PERMISSIONS;
const menu = (label: string, children: string[] = []): AppRight => ({
  label,
  permissions: all,
  children: children.map((c) => ({ label: c, permissions: all })),
});

/** Rights of an ordinary client user: every module; invoicing only when the company has it. */
export function clientRights(opts: { invoicing: boolean; deposits?: boolean; userAdmin?: boolean }): AppRight[] {
  const profileChildren = [...(opts.deposits ? ['mesDepots'] : []), ...(opts.userAdmin ? ['gestionUtilisateurs'] : [])];
  return [
    {
      label: 'profil',
      permissions: ['view', 'edit'],
      children: profileChildren.map((c) => ({ label: c, permissions: ['view'] })),
    },
    menu('mesDocuments'),
    menu('maBannette'),
    menu('monCompte'),
    menu('maComptabilite'),
    menu('mesCaisses'),
    ...(opts.invoicing
      ? [menu('mesFactures', ['gestionClients', 'listeFactures', 'listeDevis', 'gestionArticles'])]
      : []),
  ];
}

/**
 * The firm's accountant at a client it follows without managing it (the demo admin at the bakery):
 * the profile and « Ma comptabilité », where the firm asks its information requests and reads the
 * answers. Nothing of the client's documents, inbox, registers or invoices.
 */
export function followerRights(): AppRight[] {
  return [{ label: 'profil', permissions: ['view', 'edit'], children: [] }, menu('maComptabilite')];
}

/** Document categories (DOC-1) a user may read (all by default). */
export const ALL_CATEGORY_IDS = [
  1, 4, 5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 39, 40, 41, 42, 43, 44, 45,
  46,
];
/** Categories open to deposit in the inbox (the "Fichiers" sub-tree by default). */
export const INBOX_CATEGORY_IDS = [30, 31, 32, 41, 42, 43, 44, 45, 46];
