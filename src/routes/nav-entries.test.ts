import { describe, expect, it } from 'vitest';
import { drawerItems } from '../components/layout/nav-drawer';
import { ALL_PERMISSIONS, type AppRight } from '../domain/rights';
import { navEntries } from './nav-entries';

// Decision 042: every module of NAV-9 that exists, per rights, in the
// spec's order (Accueil, Mes documents, Ma bannette, Mon compte, Ma comptabilité, Mes caisses, Mes
// factures). « Mon compte » (decision 043) opens with its menu right, its two screens as children.

/** The demo users' rights as the seed gives them (server/src/seed/rights.ts clientRights). */
function clientRights(opts: { invoicing: boolean; userAdmin?: boolean }): AppRight[] {
  const menu = (label: string, children: string[] = []): AppRight => ({
    label,
    permissions: ALL_PERMISSIONS,
    children: children.map((c) => ({ label: c, permissions: ALL_PERMISSIONS })),
  });
  return [
    {
      label: 'profil',
      permissions: ['view', 'edit'],
      children: opts.userAdmin ? [{ label: 'gestionUtilisateurs', permissions: ['view'] }] : [],
    },
    ...['mesDocuments', 'maBannette', 'monCompte', 'maComptabilite', 'mesCaisses'].map((m) => menu(m)),
    ...(opts.invoicing
      ? [menu('mesFactures', ['gestionClients', 'listeFactures', 'listeDevis', 'gestionArticles'])]
      : []),
  ];
}

const shown = (userType: number, appRights: AppRight[]) =>
  drawerItems({ userType, appRights }, navEntries).map((i) =>
    i.kind === 'promotion' ? `${i.entry.label} (${i.entry.promotion!.badge})` : i.entry.label,
  );

const MODULES = ['Accueil', 'Mes documents', 'Ma bannette', 'Mon compte', 'Ma comptabilité', 'Mes caisses'];

describe('the drawer’s entries for the demo users', () => {
  it('demo with invoicing: every built module in the spec’s order', () => {
    expect(shown(2, clientRights({ invoicing: true }))).toEqual([...MODULES, 'Mes factures']);
  });

  it('demo without invoicing: « Mes factures » is the promotion with its « Gratuit » badge, still last', () => {
    expect(shown(2, clientRights({ invoicing: false }))).toEqual([...MODULES, 'Mes factures (Gratuit)']);
  });

  it('admin (the firm): the same order, and « Importer un FEC » under Ma comptabilité', () => {
    const items = drawerItems(
      { userType: 1, appRights: clientRights({ invoicing: true, userAdmin: true }) },
      navEntries,
    );
    expect(items.map((i) => i.entry.label)).toEqual([...MODULES, 'Mes factures']);
    const accounting = items.find((i) => i.entry.key === 'accounting');
    expect(accounting?.kind === 'group' && accounting.children.map((c) => c.label)).toContain('Importer un FEC');
    // A client does not get the firm's entry.
    const client = drawerItems({ userType: 2, appRights: clientRights({ invoicing: true }) }, navEntries);
    const theirs = client.find((i) => i.entry.key === 'accounting');
    expect(theirs?.kind === 'group' && theirs.children.map((c) => c.label)).not.toContain('Importer un FEC');
  });

  it('« Mon compte » holds the firm’s invoices and the statement, with the product’s slug in their paths', () => {
    const account = drawerItems({ userType: 2, appRights: clientRights({ invoicing: false }) }, navEntries).find(
      (i) => i.entry.key === 'account',
    );
    expect(account?.kind === 'group' && account.children.map((c) => [c.label, c.to])).toEqual([
      ['Mes factures Workplace', '/mon-compte-workplace/factures-workplace'],
      ['Extrait de compte', '/mon-compte-workplace/extrait-du-compte'],
    ]);
  });

  it('a member with some menus only: the others are left out, the order kept', () => {
    const only = clientRights({ invoicing: false }).filter((r) => ['mesDocuments', 'mesCaisses'].includes(r.label));
    expect(shown(2, only)).toEqual(['Accueil', 'Mes documents', 'Mes caisses', 'Mes factures (Gratuit)']);
  });

  it('invoicing children follow their own rights (a member who may only see quotes)', () => {
    const rights: AppRight[] = [
      {
        label: 'mesFactures',
        permissions: ['view'],
        children: [{ label: 'listeDevis', permissions: ['view'] }],
      },
    ];
    const invoices = drawerItems({ userType: 2, appRights: rights }, navEntries).find(
      (i) => i.entry.key === 'invoices',
    );
    expect(invoices?.kind === 'group' && invoices.children.map((c) => c.label)).toEqual(['Liste des devis']);
  });

  it('nobody signed in: only « Accueil » and the promotion', () => {
    expect(drawerItems(null, navEntries).map((i) => i.kind)).toEqual(['link', 'promotion']);
  });
});
