// Rights (RIGHTS-1 to RIGHTS-7), read ONE way: can(). Pure, shared by the app
// (route guards, drawer, menus, widgets, buttons) and the server (403 checks), so both answer the
// same question the same way (decision 023). `userType === 1` is written nowhere else.

export type Permission = 'view' | 'download' | 'create' | 'edit' | 'delete' | 'userGedRight' | 'transform';
/** What a user does to a resource: one of the spec's permission names. */
export type Action = Permission;

export interface ChildRight {
  label: string;
  permissions: Permission[];
}

export interface AppRight {
  label: string;
  permissions: Permission[];
  children: ChildRight[];
}

/** The menus of the appRights that the portal checks (RIGHTS-1, RIGHTS-3). */
export type Menu =
  'profil' | 'mesDocuments' | 'maBannette' | 'monCompte' | 'maComptabilite' | 'mesCaisses' | 'mesFactures';
/** Their children that carry their own permissions. */
export type Child =
  'mesDepots' | 'gestionUtilisateurs' | 'gestionClients' | 'gestionArticles' | 'listeFactures' | 'listeDevis';

/** A menu, or one child of it: the permission is read at the child's level when a child is named. */
export interface Resource {
  menu: Menu;
  child?: Child;
}

/**
 * Rules no single menu or child permission says:
 * - firm: firm staff (userType 1), who follow every company (admin deposit history, batches);
 * - statistics: /dashboard and the statistics API, administrators only (RIGHTS-5, NAV-3);
 * - writeInvoicingDocuments: may create or edit invoices or quotes;
 * - readCustomers / readArticles: the management screen's view right, or writing invoices or
 *   quotes, whose editors pick customers and articles (decision 008);
 * - convertQuote: turn a quote into an invoice (transform on quotes and create on invoices);
 * - linkFirmAccount: in a firm company, link a client company's « Mon compte » to one of its
 *   customer records — firm staff who manage its customers (edit on gestionClients) and read its
 *   invoices (view on listeFactures), since the link shows those invoices to the client
 *   (decision 073). Asked with the subject of the FIRM company's membership.
 * - managePlatform: set the company's approved platform and its credentials (decision 088) — the
 *   firm's staff, or the company's user administrator (view on profil › gestionUtilisateurs).
 * - answerReceivedInvoices: set the buyer's lifecycle statuses on a received invoice — approve, dispute,
 *   refuse, payment sent (decision 089): edit on « Ma bannette », whose « Achats » hold those invoices
 *   (reading one still needs its category, as every received invoice).
 */
export type Capability =
  | 'firm'
  | 'statistics'
  | 'writeInvoicingDocuments'
  | 'readCustomers'
  | 'readArticles'
  | 'convertQuote'
  | 'linkFirmAccount'
  | 'managePlatform'
  | 'answerReceivedInvoices';

/**
 * Who asks, in the current company: the user profile fits as it is (userType, appRights of the
 * current company); the server builds it from the session and the membership.
 */
export interface Subject {
  userType?: number | null;
  appRights?: readonly AppRight[] | null;
}

export type CanArgs = [capability: Capability] | [action: Action, resource: Resource];

/** RIGHTS-5: userType 1 is the administrator (the firm's staff), with statistics access. */
const FIRM_USER_TYPE = 1;

/**
 * THE rights check. `can(user, 'view', { menu: 'mesFactures', child: 'listeDevis' })` reads a menu
 * or child permission; `can(user, 'statistics')` a named capability. No subject (signed out) can
 * do nothing.
 */
export function can(subject: Subject | null | undefined, ...args: CanArgs): boolean {
  if (!subject) return false;
  if (args.length === 2) {
    const [action, { menu, child }] = args;
    return child
      ? hasChildRight(subject.appRights, menu, child, action)
      : hasMenuRight(subject.appRights, menu, action);
  }
  const rights = subject.appRights;
  const invoicing = (child: Child, action: Action) => hasChildRight(rights, 'mesFactures', child, action);
  const writes = () =>
    (['listeFactures', 'listeDevis'] as const).some((c) => invoicing(c, 'create') || invoicing(c, 'edit'));
  switch (args[0]) {
    case 'firm':
    case 'statistics':
      return subject.userType === FIRM_USER_TYPE;
    case 'writeInvoicingDocuments':
      return writes();
    case 'readCustomers':
      return invoicing('gestionClients', 'view') || writes();
    case 'readArticles':
      return invoicing('gestionArticles', 'view') || writes();
    case 'convertQuote':
      return invoicing('listeDevis', 'transform') && invoicing('listeFactures', 'create');
    case 'managePlatform':
      return subject.userType === FIRM_USER_TYPE || hasChildRight(rights, 'profil', 'gestionUtilisateurs', 'view');
    case 'answerReceivedInvoices':
      return hasMenuRight(rights, 'maBannette', 'edit');
    case 'linkFirmAccount':
      return (
        subject.userType === FIRM_USER_TYPE && invoicing('gestionClients', 'edit') && invoicing('listeFactures', 'view')
      );
  }
}

/** Primitive of can() (kept exported for the domain barrel's contract): prefer can(). */
export function hasMenuRight(
  rights: readonly AppRight[] | null | undefined,
  menu: string,
  permission: Permission = 'view',
): boolean {
  const entry = rights?.find((r) => r.label === menu);
  return !!entry && entry.permissions.includes(permission);
}

/** Primitive of can() (kept exported for the domain barrel's contract): prefer can(). */
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

/** Module menus of the drawer (NAV-9, RIGHTS-3) and the right that opens each. */
export const MODULE_MENUS = {
  documents: 'mesDocuments',
  inbox: 'maBannette',
  account: 'monCompte',
  accounting: 'maComptabilite',
  cashRegisters: 'mesCaisses',
  invoices: 'mesFactures',
} as const satisfies Record<string, Menu>;

export const ALL_PERMISSIONS: Permission[] = [
  'view',
  'download',
  'create',
  'edit',
  'delete',
  'userGedRight',
  'transform',
];
