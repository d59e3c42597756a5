import {
  ALL_CATEGORY_IDS_OF_SPEC,
  categoryPathLabel,
  depositCategoryIds,
  findCategory,
  followsOwnCategories,
  memberReadableCategoryIds,
} from '../../../../src/domain/document-categories';
import { can, type AppRight, type Child, type Menu, type Permission } from '../../../../src/domain/rights';
import { HttpError, forbidden } from '../../http/errors';
import type { ManagedCompany } from './scope';

// The escalation rule (decision 040): a manager grants at most what they hold in that company —
// every menu permission and every child permission, each read with can() on the manager's own
// rights — and only the document categories they read or deposit into themselves.

export interface Access {
  appRights: AppRight[];
  categories: number[];
  categoriesInbox: number[];
}

const invalid = (message: string, field: string) => new HttpError(422, message, { errors: [message], field });

/** Duplicates folded (a menu, a child or a permission named twice is one), in the order given. */
function normalise(rights: AppRight[]): AppRight[] {
  const menus = new Map<string, { permissions: Set<Permission>; children: Map<string, Set<Permission>> }>();
  for (const right of rights) {
    const menu = menus.get(right.label) ?? { permissions: new Set(), children: new Map() };
    right.permissions.forEach((p) => menu.permissions.add(p));
    for (const child of right.children) {
      const set = menu.children.get(child.label) ?? new Set<Permission>();
      child.permissions.forEach((p) => set.add(p));
      menu.children.set(child.label, set);
    }
    menus.set(right.label, menu);
  }
  return [...menus].map(([label, m]) => ({
    label,
    permissions: [...m.permissions],
    children: [...m.children].map(([child, set]) => ({ label: child, permissions: [...set] })),
  }));
}

/** 403 naming the first right the manager does not hold; else the rights to store. */
export function checkRights(manager: ManagedCompany, wanted: AppRight[]): AppRight[] {
  const subject = { appRights: manager.rights };
  const rights = normalise(wanted);
  for (const menu of rights) {
    // Menu and child names are whatever the rights hold ("and others", RIGHTS-1): can() reads them as given.
    const resource = { menu: menu.label as Menu };
    for (const p of menu.permissions)
      if (!can(subject, p, resource))
        throw forbidden(
          `Vous ne pouvez pas accorder le droit « ${p} » sur « ${menu.label} » : vous ne l’avez pas vous-même.`,
        );
    for (const child of menu.children)
      for (const p of child.permissions)
        if (!can(subject, p, { ...resource, child: child.label as Child }))
          throw forbidden(
            `Vous ne pouvez pas accorder le droit « ${p} » sur « ${menu.label} › ${child.label} » : vous ne l’avez pas vous-même.`,
          );
  }
  return rights;
}

/**
 * Categories: ids of the spec's tree (422 otherwise); the read ones among those the manager reads,
 * the deposit ones among the deposit categories the manager has (403 otherwise). When the company
 * does not apply per-user categories (gedUserRight false) every member reads every category: the
 * read list sent is ignored and the whole tree stored, so switching the setting on later takes
 * nothing away until a manager narrows it.
 */
export function checkCategories(
  manager: ManagedCompany,
  wanted: Access,
): Pick<Access, 'categories' | 'categoriesInbox'> {
  const known = new Set(ALL_CATEGORY_IDS_OF_SPEC);
  for (const [field, ids] of [
    ['categories', wanted.categories],
    ['categoriesInbox', wanted.categoriesInbox],
  ] as const)
    for (const id of ids) if (!known.has(id)) throw invalid(`La catégorie de documents ${id} n’existe pas.`, field);
  for (const id of wanted.categoriesInbox)
    if (findCategory(id)?.scope !== 'depot')
      throw invalid(`« ${categoryPathLabel(id)} » n’est pas une catégorie de dépôt.`, 'categoriesInbox');
  const readable = new Set(memberReadableCategoryIds({ appRights: manager.rights }, manager));
  const depositable = new Set(depositCategoryIds(manager.categoriesInbox));
  const categories = manager.gedUserRight ? [...new Set(wanted.categories)].sort((a, b) => a - b) : [...known];
  for (const id of categories)
    if (!readable.has(id))
      throw forbidden(
        `Vous ne pouvez pas ouvrir la catégorie « ${categoryPathLabel(id)} » : vous ne la lisez pas vous-même.`,
      );
  const categoriesInbox = [...new Set(wanted.categoriesInbox)].sort((a, b) => a - b);
  for (const id of categoriesInbox)
    if (!depositable.has(id))
      throw forbidden(
        `Vous ne pouvez pas ouvrir le dépôt dans « ${categoryPathLabel(id)} » : vous n’y déposez pas vous-même.`,
      );
  return { categories, categoriesInbox };
}

/**
 * A manager who reads only their own categories (decision 042) hands out no more: the user they
 * give « Mes documents » to follows their own categories too (userGedRight added), else that user
 * would read every category of the company, the manager's included and beyond.
 */
function keepOwnCategories(manager: ManagedCompany, rights: AppRight[]): AppRight[] {
  if (!followsOwnCategories({ appRights: manager.rights }, manager.gedUserRight)) return rights;
  return rights.map((r) =>
    r.label === 'mesDocuments' && !r.permissions.includes('userGedRight')
      ? { ...r, permissions: [...r.permissions, 'userGedRight' as const] }
      : r,
  );
}

/** The access to store: both checks passed. */
export function checkGrant(manager: ManagedCompany, wanted: Access): Access {
  return {
    appRights: keepOwnCategories(manager, checkRights(manager, wanted.appRights)),
    ...checkCategories(manager, wanted),
  };
}
