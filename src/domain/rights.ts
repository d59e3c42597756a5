// Rights of spec section 6: menus with permissions and children with permissions.
// Pure functions so the app (menus, guards) and the server (403 checks) read rights the same way.

export type Permission = 'view' | 'download' | 'create' | 'edit' | 'delete' | 'userGedRight' | 'transform';

export interface ChildRight {
  label: string;
  permissions: Permission[];
}

export interface AppRight {
  label: string;
  permissions: Permission[];
  children: ChildRight[];
}

export function hasMenuRight(rights: readonly AppRight[] | null | undefined, menu: string, permission: Permission = 'view'): boolean {
  const entry = rights?.find((r) => r.label === menu);
  return !!entry && entry.permissions.includes(permission);
}

export function hasChildRight(
  rights: readonly AppRight[] | null | undefined,
  menu: string,
  child: string,
  permission: Permission = 'view',
): boolean {
  const entry = rights?.find((r) => r.label === menu);
  const sub = entry?.children.find((c) => c.label === child);
  return !!sub && sub.permissions.includes(permission);
}

/** Module menus of the drawer (spec 2.3, 6) and the right that opens each. */
export const MODULE_MENUS = {
  documents: 'mesDocuments',
  inbox: 'maBannette',
  account: 'monCompte',
  accounting: 'maComptabilite',
  cashRegisters: 'mesCaisses',
  invoices: 'mesFactures',
} as const;

export const ALL_PERMISSIONS: Permission[] = ['view', 'download', 'create', 'edit', 'delete', 'userGedRight', 'transform'];
