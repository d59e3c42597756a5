import { describe, expect, it } from 'vitest';
import {
  ALL_CATEGORY_IDS_OF_SPEC,
  CATEGORY_TREE,
  categoryLabel,
  categoryPathLabel,
  depositCategoryIds,
  descendantIds,
  findCategory,
  followsOwnCategories,
  memberReadableCategoryIds,
  pruneTree,
  readableCategoryIds,
} from './document-categories';
import type { AppRight } from './rights';

// DOC-1, the document categories (id: label), verbatim.
const SPEC = `1 Social; 4 Bulletins de paie; 5 Etats de paie/Charges Sociales et OD; 9 DSN évènementielle; 10 Sortie Salariés; 11 Comptabilité; 12 Solde de tout compte; 13 Attestation pôle emploi; 14 Certificat de travail; 15 Document de portabilité; 16 Tableau de bord; 17 Situation; 18 Bilan; 19 Déclaration de TVA; 20 Juridique; 21 Statuts; 22 K-bis; 27 Assemblée Générale; 28 Ordinaire; 29 Extraordinaire; 30 Comptabilité; 31 Juridique; 32 Social; 39 Bulletins Individuels; 40 Bulletins Groupés; 41 Fichiers des règlements; 42 Ventes; 43 Achats; 44 Banque; 45 Fiscal; 46 Divers`;
const spec = SPEC.split('; ').map((s) => {
  const [, id, label] = /^(\d+) (.+)$/.exec(s)!;
  return [Number(id), label] as const;
});

describe('document categories', () => {
  it('has exactly the ids and labels of DOC-1', () => {
    expect(ALL_CATEGORY_IDS_OF_SPEC).toEqual(spec.map(([id]) => id));
    for (const [id, label] of spec) expect(categoryLabel(id)).toBe(label);
  });

  it('is a tree: Social > Bulletins de paie, Comptabilité > Bilan, Juridique > Statuts', () => {
    expect(CATEGORY_TREE.map((n) => n.id)).toEqual([1, 11, 20, 30, 31, 32]);
    expect(categoryPathLabel(39)).toBe('Social › Bulletins de paie › Bulletins Individuels');
    expect(categoryPathLabel(18)).toBe('Comptabilité › Bilan');
    expect(categoryPathLabel(21)).toBe('Juridique › Statuts');
    expect(categoryPathLabel(42)).toBe('Comptabilité › Ventes');
    expect(findCategory(42)?.scope).toBe('depot');
    expect(findCategory(18)?.scope).toBe('ged');
    expect(descendantIds(27)).toEqual([27, 28, 29]);
    expect(descendantIds(999)).toEqual([]);
  });

  it('reads every category when the company does not apply per-user rights', () => {
    expect(readableCategoryIds([], false)).toEqual(ALL_CATEGORY_IDS_OF_SPEC);
  });

  it('reads the listed categories and what lies under them otherwise', () => {
    expect(readableCategoryIds([4, 18], true)).toEqual([4, 18, 39, 40]);
    expect(readableCategoryIds([], true)).toEqual([]);
  });

  it('per-user categories bind a member who holds userGedRight on Mes documents (decision 042)', () => {
    const documents = (permissions: AppRight['permissions']): AppRight[] => [
      { label: 'mesDocuments', permissions, children: [] },
    ];
    const bound = { appRights: documents(['view', 'download', 'userGedRight']) };
    const free = { appRights: documents(['view', 'download']) };
    expect(followsOwnCategories(bound, true)).toBe(true);
    expect(followsOwnCategories(free, true)).toBe(false);
    // A company that does not apply them: nobody is bound, whatever their rights.
    expect(followsOwnCategories(bound, false)).toBe(false);
    expect(memberReadableCategoryIds(bound, { categories: [4, 18], gedUserRight: true })).toEqual([4, 18, 39, 40]);
    expect(memberReadableCategoryIds(free, { categories: [4, 18], gedUserRight: true })).toEqual(
      ALL_CATEGORY_IDS_OF_SPEC,
    );
    // The permission elsewhere (another menu) frees nobody: without « Mes documents » they are bound.
    expect(
      followsOwnCategories({ appRights: [{ label: 'maBannette', permissions: ['userGedRight'], children: [] }] }, true),
    ).toBe(true);
  });

  it('lacking a right never widens: without « Mes documents » a member reads their own categories', () => {
    const inboxOnly = {
      appRights: [{ label: 'maBannette', permissions: ['view', 'download'], children: [] } as AppRight],
    };
    expect(followsOwnCategories(inboxOnly, true)).toBe(true);
    expect(memberReadableCategoryIds(inboxOnly, { categories: [4, 46], gedUserRight: true })).toEqual([4, 39, 40, 46]);
    expect(memberReadableCategoryIds({ appRights: [] }, { categories: [46], gedUserRight: true })).toEqual([46]);
    expect(memberReadableCategoryIds({}, { categories: [], gedUserRight: true })).toEqual([]);
    // A company that does not apply them still opens every category to everyone.
    expect(memberReadableCategoryIds(inboxOnly, { categories: [46], gedUserRight: false })).toEqual(
      ALL_CATEGORY_IDS_OF_SPEC,
    );
  });

  it('offers only deposit categories for the inbox', () => {
    expect(depositCategoryIds([42, 18, 30, 42])).toEqual([30, 42]);
  });

  it('prunes the tree and keeps the ancestors of allowed categories', () => {
    const tree = pruneTree(CATEGORY_TREE, [39, 18]);
    expect(tree.map((n) => n.id)).toEqual([1, 11]);
    expect(tree[0].children.map((n) => n.id)).toEqual([4]);
    expect(tree[0].children[0].children.map((n) => n.id)).toEqual([39]);
  });
});
