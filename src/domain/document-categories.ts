// Document categories of DOC-1 (ids and labels exactly as given), arranged as a tree, and the
// per-user category rights. Shared by the server (filters, 403/404) and the app (tree, choices).
import { can, type Subject } from './rights';

/** 'ged': what the firm files for the company; 'depot': where the company deposits its own files. */
export type CategoryScope = 'ged' | 'depot';

export interface CategoryNode {
  id: number;
  label: string;
  scope: CategoryScope;
  parentId: number | null;
  children: CategoryNode[];
}

type Raw = [id: number, label: string, children?: Raw[]];

// The spec gives ids and labels only; the nesting follows the labels (Bulletins Individuels and
// Groupés are payslips, Ordinaire and Extraordinaire are general meetings, Ventes/Achats/Banque…
// are accounting deposits).
const GED: Raw[] = [
  [
    1,
    'Social',
    [
      [
        4,
        'Bulletins de paie',
        [
          [39, 'Bulletins Individuels'],
          [40, 'Bulletins Groupés'],
        ],
      ],
      [5, 'Etats de paie/Charges Sociales et OD'],
      [9, 'DSN évènementielle'],
      [
        10,
        'Sortie Salariés',
        [
          [12, 'Solde de tout compte'],
          [13, 'Attestation pôle emploi'],
          [14, 'Certificat de travail'],
          [15, 'Document de portabilité'],
        ],
      ],
    ],
  ],
  [
    11,
    'Comptabilité',
    [
      [16, 'Tableau de bord'],
      [17, 'Situation'],
      [18, 'Bilan'],
      [19, 'Déclaration de TVA'],
    ],
  ],
  [
    20,
    'Juridique',
    [
      [21, 'Statuts'],
      [22, 'K-bis'],
      [
        27,
        'Assemblée Générale',
        [
          [28, 'Ordinaire'],
          [29, 'Extraordinaire'],
        ],
      ],
    ],
  ],
];
const DEPOT: Raw[] = [
  [
    30,
    'Comptabilité',
    [
      [41, 'Fichiers des règlements'],
      [42, 'Ventes'],
      [43, 'Achats'],
      [44, 'Banque'],
      [45, 'Fiscal'],
      [46, 'Divers'],
    ],
  ],
  [31, 'Juridique'],
  [32, 'Social'],
];

function build(raw: Raw[], scope: CategoryScope, parentId: number | null): CategoryNode[] {
  return raw.map(([id, label, children = []]) => ({
    id,
    label,
    scope,
    parentId,
    children: build(children, scope, id),
  }));
}

export const CATEGORY_TREE: readonly CategoryNode[] = [...build(GED, 'ged', null), ...build(DEPOT, 'depot', null)];

const byId = new Map<number, CategoryNode>();
(function index(nodes: readonly CategoryNode[]) {
  for (const n of nodes) {
    byId.set(n.id, n);
    index(n.children);
  }
})(CATEGORY_TREE);

export const ALL_CATEGORY_IDS_OF_SPEC: readonly number[] = [...byId.keys()].sort((a, b) => a - b);

export function findCategory(id: number): CategoryNode | undefined {
  return byId.get(id);
}

export function categoryLabel(id: number): string {
  return byId.get(id)?.label ?? `Catégorie ${id}`;
}

/** Labels from the root down: ['Social', 'Bulletins de paie', 'Bulletins Individuels']. */
export function categoryPath(id: number): string[] {
  const path: string[] = [];
  for (let n = byId.get(id); n; n = n.parentId == null ? undefined : byId.get(n.parentId)) path.unshift(n.label);
  return path;
}

/** "Comptabilité › Ventes": tells the two "Comptabilité" apart in a flat list. */
export const categoryPathLabel = (id: number) => categoryPath(id).join(' › ');

/** The category and everything under it. */
export function descendantIds(id: number): number[] {
  const node = byId.get(id);
  if (!node) return [];
  const out: number[] = [];
  const walk = (n: CategoryNode) => {
    out.push(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return out;
}

/**
 * Categories whose documents the user may read. When the company applies per-user document
 * rights (gedUserRight), only the membership's categories (and what lies under them) are
 * readable; otherwise every member reads every category.
 */
export function readableCategoryIds(categories: readonly number[], gedUserRight: boolean): number[] {
  if (!gedUserRight) return [...ALL_CATEGORY_IDS_OF_SPEC];
  const set = new Set<number>();
  for (const id of categories) descendantIds(id).forEach((d) => set.add(d));
  return [...set].sort((a, b) => a - b);
}

/**
 * Whether a member's file reads follow their own categories. In a company that applies per-user
 * categories (companies.gedUserRight), every member does, except one who holds « Mes documents »
 * WITHOUT userGedRight there: decision 042's member free of categories, who reads every category.
 * Lacking a right never widens what a member reads (decision 073): a member without
 * « Mes documents » at all — who still reaches files through « Ma bannette », « Factures reçues »
 * or notifications — follows their own categories, as does one with userGedRight. In a company
 * that does not apply them, every member reads every category.
 */
export function followsOwnCategories(subject: Subject, companyGedUserRight: boolean): boolean {
  if (!companyGedUserRight) return false;
  const documents = { menu: 'mesDocuments' } as const;
  return can(subject, 'userGedRight', documents) || !can(subject, 'view', documents);
}

/**
 * THE categories a member reads in a company (readableCategoryIds with followsOwnCategories): every
 * path to a file's bytes or name reads them from here (documents/access.ts), and so does the
 * escalation rule of « Gérer mes utilisateurs » (admin/grant.ts).
 */
export function memberReadableCategoryIds(
  subject: Subject,
  membership: { categories: readonly number[]; gedUserRight: boolean },
): number[] {
  return readableCategoryIds(membership.categories, followsOwnCategories(subject, membership.gedUserRight));
}

/** Deposit categories the user may choose (the membership's categoriesInbox, deposit scope only). */
export function depositCategoryIds(categoriesInbox: readonly number[]): number[] {
  return [...new Set(categoriesInbox)].filter((id) => byId.get(id)?.scope === 'depot').sort((a, b) => a - b);
}

/** The tree reduced to the allowed ids, keeping the ancestors needed to reach them. */
export function pruneTree(nodes: readonly CategoryNode[], allowed: readonly number[]): CategoryNode[] {
  const ok = new Set(allowed);
  const prune = (list: readonly CategoryNode[]): CategoryNode[] =>
    list.flatMap((n) => {
      const children = prune(n.children);
      return ok.has(n.id) || children.length > 0 ? [{ ...n, children }] : [];
    });
  return prune(nodes);
}
