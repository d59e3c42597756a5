import { describe, expect, it } from 'vitest';
import { hasChildRight, hasMenuRight, type AppRight } from './rights';

const rights: AppRight[] = [
  { label: 'profil', permissions: ['view'], children: [{ label: 'mesDepots', permissions: ['view'] }, { label: 'gestionUtilisateurs', permissions: [] }] },
  { label: 'mesFactures', permissions: ['view', 'create'], children: [] },
];

describe('rights (spec 6)', () => {
  it('checks a menu permission', () => {
    expect(hasMenuRight(rights, 'mesFactures', 'create')).toBe(true);
    expect(hasMenuRight(rights, 'mesFactures', 'delete')).toBe(false);
    expect(hasMenuRight(rights, 'mesDocuments')).toBe(false);
    expect(hasMenuRight(undefined, 'mesFactures')).toBe(false);
  });
  it('viewing "mes dépôts" requires view on profil > mesDepots', () => {
    expect(hasChildRight(rights, 'profil', 'mesDepots', 'view')).toBe(true);
  });
  it('viewing user management requires view on profil > gestionUtilisateurs', () => {
    expect(hasChildRight(rights, 'profil', 'gestionUtilisateurs', 'view')).toBe(false);
    expect(hasChildRight(rights, 'mesFactures', 'gestionUtilisateurs', 'view')).toBe(false);
  });
});
