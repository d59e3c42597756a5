import { describe, expect, it } from 'vitest';
import { ALL_CATEGORY_IDS_OF_SPEC, memberReadableCategoryIds } from '../../../../src/domain/document-categories';
import type { AppRight } from '../../../../src/domain/rights';
import { HttpError } from '../../http/errors';
import { checkGrant } from './grant';
import type { ManagedCompany } from './scope';

// The escalation rule of decision 040, without a server: what a manager may hand out.

const manager: ManagedCompany = {
  id: 1,
  label: 'Garage Dupont & Fils',
  gedUserRight: true,
  rights: [
    { label: 'profil', permissions: ['view'], children: [{ label: 'gestionUtilisateurs', permissions: ['view'] }] },
    { label: 'mesDocuments', permissions: ['view', 'download'], children: [] },
  ],
  categories: [11],
  categoriesInbox: [30, 41],
};
/** The same manager held to their own categories (decision 042: userGedRight on « Mes documents »). */
const limited: ManagedCompany = {
  ...manager,
  rights: manager.rights.map((r) =>
    r.label === 'mesDocuments' ? { ...r, permissions: [...r.permissions, 'userGedRight' as const] } : r,
  ),
};
const grant = (appRights: AppRight[], categories = [16], categoriesInbox = [41], company = manager) =>
  checkGrant(company, { appRights, categories, categoriesInbox });
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('aurait dû échouer');
};

describe('checkGrant', () => {
  it('accepts what the manager holds, duplicates folded in the order given', () => {
    const out = grant([
      { label: 'mesDocuments', permissions: ['download', 'view', 'download'], children: [] },
      { label: 'mesDocuments', permissions: [], children: [] },
    ]);
    expect(out).toEqual({
      appRights: [{ label: 'mesDocuments', permissions: ['download', 'view'], children: [] }],
      categories: [16],
      categoriesInbox: [41],
    });
  });

  it('refuses a menu or child permission the manager lacks, naming it', () => {
    expect(failure(() => grant([{ label: 'mesDocuments', permissions: ['delete'], children: [] }]))).toEqual({
      status: 403,
      message: expect.stringContaining('« delete » sur « mesDocuments »'),
    });
    const child = [{ label: 'profil', permissions: [], children: [{ label: 'mesDepots', permissions: ['view'] }] }];
    expect(failure(() => grant(child as AppRight[])).message).toContain('« profil › mesDepots »');
  });

  it('grants only categories the manager reads or deposits into, of the right kind', () => {
    expect(failure(() => grant([], [1], [41], limited)).status).toBe(403); // Social: not read by the manager
    expect(grant([], [1]).categories).toEqual([1]); // a manager not held to their own categories reads it
    expect(failure(() => grant([], [16], [42])).status).toBe(403); // Ventes: not theirs to deposit into
    expect(failure(() => grant([], [16], [11])).status).toBe(422); // not a deposit category
    expect(failure(() => grant([], [4242])).status).toBe(422);
  });

  it('stores every category when the company does not choose them per user', () => {
    const out = grant([], [1], [30], { ...manager, gedUserRight: false });
    expect(out.categories).toEqual([...ALL_CATEGORY_IDS_OF_SPEC]);
  });

  it('a manager held to their own categories gives « Mes documents » held the same way (userGedRight)', () => {
    const out = grant([{ label: 'mesDocuments', permissions: ['view'], children: [] }], [16], [41], limited);
    expect(out.appRights).toEqual([{ label: 'mesDocuments', permissions: ['view', 'userGedRight'], children: [] }]);
    // Not held to their own categories: nothing is added.
    expect(grant([{ label: 'mesDocuments', permissions: ['view'], children: [] }]).appRights).toEqual([
      { label: 'mesDocuments', permissions: ['view'], children: [] },
    ]);
  });

  it('whatever the rights chosen, the user reads nothing the manager does not read (decision 073)', () => {
    // The manager of the issue: « Bulletins de paie » (4) and « Comptabilité › Divers » (46) only.
    const bound: ManagedCompany = {
      ...limited,
      rights: [...limited.rights, { label: 'maBannette', permissions: ['view', 'download', 'create'], children: [] }],
      categories: [4, 46],
      categoriesInbox: [46],
    };
    const reads = (rights: AppRight[], categories: number[]) =>
      memberReadableCategoryIds({ appRights: rights }, { categories, gedUserRight: bound.gedUserRight });
    const theirs = new Set(reads(bound.rights, bound.categories));
    const documents = (permissions: AppRight['permissions']): AppRight => ({
      label: 'mesDocuments',
      permissions,
      children: [],
    });
    const inbox: AppRight = { label: 'maBannette', permissions: ['view', 'download'], children: [] };
    // With or without « Mes documents », userGedRight, « Ma bannette »: a creation, or the manager editing themself.
    for (const appRights of [
      [inbox],
      [documents(['view'])],
      [documents(['view', 'userGedRight'])],
      [documents(['view']), inbox],
      [],
    ]) {
      const stored = checkGrant(bound, { appRights, categories: [4, 46], categoriesInbox: [46] });
      const read = reads(stored.appRights, stored.categories);
      expect(
        read.filter((id) => !theirs.has(id)),
        JSON.stringify(appRights),
      ).toEqual([]);
    }
  });
});
