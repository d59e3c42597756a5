import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type AppRight } from '../domain/rights';
import { homeBlocks } from './home-blocks';

// Decision 042: the home page shows the figures the user has rights to, each block only with its right.

const menu = (label: string, children: string[] = []): AppRight => ({
  label,
  permissions: ALL_PERMISSIONS,
  children: children.map((c) => ({ label: c, permissions: ['view'] })),
});
const MODULES = ['mesDocuments', 'maBannette', 'maComptabilite', 'mesCaisses'].map((m) => menu(m));

describe('home page blocks', () => {
  it('a member of every module (demo in the bakery) sees every figure, in the page’s order', () => {
    const rights = [...MODULES, menu('mesFactures', ['listeFactures', 'listeDevis'])];
    expect(homeBlocks({ userType: 2, appRights: rights })).toEqual([
      'receivables',
      'quotes',
      'documents',
      'deposits',
      'accounting',
      'cash',
      'notifications',
    ]);
  });

  it('without invoicing (demo in the bookshop): no invoicing figure', () => {
    expect(homeBlocks({ userType: 2, appRights: MODULES })).toEqual([
      'documents',
      'deposits',
      'accounting',
      'cash',
      'notifications',
    ]);
  });

  it('each block follows its own right: quotes only, documents only', () => {
    expect(homeBlocks({ appRights: [menu('mesFactures', ['listeDevis']), menu('mesDocuments')] })).toEqual([
      'quotes',
      'documents',
      'notifications',
    ]);
    // A child right without the menu's opens nothing.
    expect(
      homeBlocks({
        appRights: [
          { label: 'mesFactures', permissions: [], children: [{ label: 'listeFactures', permissions: ['view'] }] },
        ],
      }),
    ).toEqual(['notifications']);
  });

  it('the firm (user type 1 with « Mes dépôts ») sees its clients’ files to file first; a client never does', () => {
    const profil = (children: string[]): AppRight => ({
      label: 'profil',
      permissions: ['view'],
      children: children.map((c) => ({ label: c, permissions: ['view'] })),
    });
    expect(homeBlocks({ userType: 1, appRights: [profil(['mesDepots']), menu('mesDocuments')] })).toEqual([
      'firmDeposits',
      'documents',
      'notifications',
    ]);
    // Without the right to « Mes dépôts », where the card leads, or without being the firm: no card.
    expect(homeBlocks({ userType: 1, appRights: [profil([])] })).toEqual(['notifications']);
    expect(homeBlocks({ userType: 2, appRights: [profil(['mesDepots'])] })).toEqual(['notifications']);
  });

  it('no rights, or signed out: the notifications only', () => {
    expect(homeBlocks({ appRights: [] })).toEqual(['notifications']);
    expect(homeBlocks(null)).toEqual(['notifications']);
  });
});
