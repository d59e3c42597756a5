// The rights a manager may grant, as a tree of menus, children and permissions (decision 040). Pure:
// the stepper and the edit modal draw it, the screen tests and the audit summary read it.
import type { AppRight, Child, Menu, Permission } from '../../domain/rights';
import { ALL_PERMISSIONS, can } from '../../domain/rights';

/** French names of the menus and children, as the drawer and the profile menu call them. */
export const RIGHT_LABELS: Record<string, string> = {
  profil: 'Profil',
  mesDepots: 'Mes dépôts',
  gestionUtilisateurs: 'Gérer mes utilisateurs',
  mesDocuments: 'Mes documents',
  maBannette: 'Ma bannette',
  monCompte: 'Mon compte',
  maComptabilite: 'Ma comptabilité',
  mesCaisses: 'Mes caisses',
  mesFactures: 'Mes factures',
  gestionClients: 'Mes clients',
  gestionArticles: 'Mes articles',
  listeFactures: 'Factures et tableau de bord',
  listeDevis: 'Devis',
};
/** An unknown menu (a newer server) keeps its technical name rather than disappearing. */
export const rightLabel = (name: string) => RIGHT_LABELS[name] ?? name;

export const PERMISSION_LABELS: Record<Permission, string> = {
  view: 'Consulter',
  download: 'Télécharger',
  create: 'Créer',
  edit: 'Modifier',
  delete: 'Supprimer',
  userGedRight: 'Catégories par utilisateur',
  transform: 'Transformer',
};

/** The order of the drawer (NAV-9), profile last: a manager reads the modules first. */
const MENU_ORDER = ['mesDocuments', 'maBannette', 'monCompte', 'maComptabilite', 'mesCaisses', 'mesFactures', 'profil'];
const order = (label: string) => {
  const i = MENU_ORDER.indexOf(label);
  return i < 0 ? MENU_ORDER.length : i;
};
export const sortMenus = (rights: readonly AppRight[]) => [...rights].sort((a, b) => order(a.label) - order(b.label));

const byOrder = (perms: Iterable<Permission>) => ALL_PERMISSIONS.filter((p) => new Set(perms).has(p));

/** Where a permission sits: a menu's own, or one of its children's. */
export interface RightPath {
  menu: string;
  child?: string;
}

export function holds(rights: readonly AppRight[], { menu, child }: RightPath, perm: Permission): boolean {
  // The one rights check (decision 023), on names as the rights hold them (RIGHTS-1: « and others »).
  return can({ appRights: rights }, perm, { menu: menu as Menu, ...(child ? { child: child as Child } : {}) });
}

/**
 * Ticks or unticks one permission, keeping the tree coherent for the drawer: any permission of a
 * menu or child needs its view (the drawer shows nothing without it), so it comes with view; and
 * removing a view removes what needed it (the whole menu, or the child). `limit` is the manager's
 * own rights: nothing beyond them is ever added.
 */
export function toggle(
  rights: readonly AppRight[],
  limit: readonly AppRight[],
  path: RightPath,
  perm: Permission,
  on: boolean,
): AppRight[] {
  const allowed = (p: RightPath, q: Permission) => holds(limit, p, q);
  const next = rights.map((r) => ({
    ...r,
    permissions: [...r.permissions],
    children: r.children.map((c) => ({ ...c, permissions: [...c.permissions] })),
  }));
  let menu = next.find((r) => r.label === path.menu);
  if (on) {
    if (!allowed(path, perm)) return next;
    if (!menu) {
      menu = { label: path.menu, permissions: [], children: [] };
      next.push(menu);
    }
    const addTo = (perms: Permission[], p: Permission) => (perms.includes(p) ? perms : [...perms, p]);
    if (allowed({ menu: path.menu }, 'view')) menu.permissions = addTo(menu.permissions, 'view');
    if (!path.child) menu.permissions = byOrder(addTo(menu.permissions, perm));
    else {
      let child = menu.children.find((c) => c.label === path.child);
      if (!child) {
        child = { label: path.child, permissions: [] };
        menu.children.push(child);
      }
      if (allowed(path, 'view')) child.permissions = addTo(child.permissions, 'view');
      child.permissions = byOrder(addTo(child.permissions, perm));
    }
    return sortMenus(next);
  }
  if (!menu) return next;
  if (!path.child) {
    if (perm === 'view') return next.filter((r) => r.label !== path.menu);
    menu.permissions = menu.permissions.filter((p) => p !== perm);
    return next;
  }
  const child = menu.children.find((c) => c.label === path.child);
  if (!child) return next;
  child.permissions = perm === 'view' ? [] : child.permissions.filter((p) => p !== perm);
  menu.children = menu.children.filter((c) => c.permissions.length > 0);
  return next;
}

/** Only what the manager holds (a user edited before the manager lost a right keeps the rest). */
export function clampTo(rights: readonly AppRight[], limit: readonly AppRight[]): AppRight[] {
  const out: AppRight[] = [];
  for (const r of rights) {
    const permissions = r.permissions.filter((p) => holds(limit, { menu: r.label }, p));
    const children = r.children
      .map((c) => ({
        label: c.label,
        permissions: c.permissions.filter((p) => holds(limit, { menu: r.label, child: c.label }, p)),
      }))
      .filter((c) => c.permissions.length > 0);
    if (permissions.length > 0 || children.length > 0) out.push({ label: r.label, permissions, children });
  }
  return sortMenus(out);
}

/** Every permission as one readable line each: « Mes factures › Devis : consulter, créer ». */
export function describeRights(rights: readonly AppRight[]): string[] {
  const lines: string[] = [];
  const perms = (ps: readonly Permission[]) =>
    byOrder(ps)
      .map((p) => PERMISSION_LABELS[p].toLowerCase())
      .join(', ');
  for (const r of sortMenus(rights)) {
    if (r.permissions.length > 0) lines.push(`${rightLabel(r.label)} : ${perms(r.permissions)}`);
    for (const c of r.children)
      if (c.permissions.length > 0)
        lines.push(`${rightLabel(r.label)} › ${rightLabel(c.label)} : ${perms(c.permissions)}`);
  }
  return lines;
}

/** The single permissions, as « Mes documents : Consulter », to compare two states of rights. */
export function flatRights(rights: readonly AppRight[]): string[] {
  const out: string[] = [];
  for (const r of sortMenus(rights)) {
    for (const p of byOrder(r.permissions)) out.push(`${rightLabel(r.label)} : ${PERMISSION_LABELS[p].toLowerCase()}`);
    for (const c of r.children)
      for (const p of byOrder(c.permissions))
        out.push(`${rightLabel(r.label)} › ${rightLabel(c.label)} : ${PERMISSION_LABELS[p].toLowerCase()}`);
  }
  return out;
}

/** The tree has at least one menu the user can open. */
export const grantsSomething = (rights: readonly AppRight[]) => rights.some((r) => r.permissions.includes('view'));
