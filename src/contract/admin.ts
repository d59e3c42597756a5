import { z } from 'zod';
import { endpoint } from './endpoint';
import { id, instant, listQuery, page, safeText } from './common';
import { appRight } from './users';

// « Gérer mes utilisateurs » (/admin), the my-users calls of RIGHTS-8 (decision 040).
// A manager is a member of a company with view on profil > gestionUtilisateurs there. They see and
// change only the users of the companies they manage, and grant at most the rights they hold.
// In the paths, :user of the list is the caller (the manager); :user of the profile is the managed
// user; :company is always a company the caller manages (else 404, never revealing it exists).

const tag = 'Administration';

/** One line of the manager's user list. */
export const managedUser = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  email: z.string().nullable(),
  /** Disabled users cannot sign in (403 « Accès non autorisé »). */
  disabled: z.boolean(),
  /** Holds view on profil > gestionUtilisateurs in this company. */
  manager: z.boolean(),
  /** 'local' or 'ldap' (signs in through the directory). */
  authSource: z.string(),
  /** Has not chosen a password yet (the invitation link is still unused). */
  invitationPending: z.boolean(),
  lastSignInAt: instant.nullable(),
});
export type ManagedUser = z.output<typeof managedUser>;

/** What a user holds in one company: rights and readable / depositable document categories. */
export const companyAccess = z.object({
  companyId: id,
  appRights: z.array(appRight).max(50),
  /** Document categories they may read (ids of the company's categories). */
  categories: z.array(id).max(500),
  /** Categories they may deposit into through « Ma bannette ». */
  categoriesInbox: z.array(id).max(500),
});
export type CompanyAccess = z.output<typeof companyAccess>;

/** A managed user with their access in each company the caller manages (and only those). */
export const managedUserProfile = managedUser.omit({ manager: true }).extend({
  companies: z.array(companyAccess.extend({ label: z.string(), manager: z.boolean() })),
});
export type ManagedUserProfile = z.output<typeof managedUserProfile>;

const category = z.object({
  id: z.number(),
  label: z.string(),
  path: z.string(),
  /** The manager reads it: they may let the user read it. */
  read: z.boolean(),
  /** The manager deposits into it: they may let the user deposit into it. */
  deposit: z.boolean(),
});
/** What the stepper may offer: per company the caller manages, their own rights and its categories. */
export const grantableCompany = z.object({
  id: z.number(),
  label: z.string(),
  /** The company lets managers choose document categories per user (DOC-3, gedUserRight). */
  gedUserRight: z.boolean(),
  /** The caller's own rights there: the most they may grant. */
  appRights: z.array(appRight),
  categories: z.array(category),
});
export type GrantableCompany = z.output<typeof grantableCompany>;

const person = {
  name: safeText(100).trim().min(1, 'Le nom est obligatoire.'),
  firstName: safeText(100).trim().min(1, 'Le prénom est obligatoire.'),
  email: z.email('L’adresse e-mail n’est pas valide.').max(200),
};

export const newManagedUser = z.object({
  ...person,
  username: safeText(200)
    .trim()
    .min(3, 'L’identifiant doit compter au moins 3 caractères.')
    .regex(/^[^\s]+$/, 'L’identifiant ne doit pas contenir d’espace.'),
  companies: z.array(companyAccess).min(1, 'Choisissez au moins une société.').max(100),
});
export type NewManagedUser = z.output<typeof newManagedUser>;

export const list = endpoint({
  method: 'get',
  path: '/me/admin/my-users/user/:user/company/:company',
  tag,
  summary: 'Utilisateurs que le gestionnaire gère dans la société (recherche, pages)',
  query: listQuery,
  responses: { 200: page(managedUser) },
  errors: { 403: 'Droit « Gérer mes utilisateurs » absent', 404: 'Société introuvable' },
});

export const profile = endpoint({
  method: 'get',
  path: '/me/admin/my-users/profile/user/:user/company/:company',
  tag,
  summary: 'Profil d’un utilisateur géré : ses droits dans les sociétés que le gestionnaire gère',
  responses: { 200: managedUserProfile },
  errors: { 404: 'Utilisateur introuvable' },
});

export const grantable = endpoint({
  method: 'get',
  path: '/me/admin/grantable',
  tag,
  summary: 'Sociétés que le gestionnaire gère, ses propres droits et leurs catégories de documents',
  responses: { 200: z.array(grantableCompany) },
});

export const create = endpoint({
  method: 'post',
  path: '/me/admin/my-users',
  tag,
  offline: 'online-only',
  summary: 'Ajoute un utilisateur ; il reçoit un courriel pour choisir son mot de passe',
  body: newManagedUser,
  responses: { 201: managedUserProfile },
  errors: {
    403: 'Droit accordé que le gestionnaire n’a pas',
    404: 'Société que le gestionnaire ne gère pas',
    409: 'Identifiant déjà utilisé',
    422: 'Saisie invalide',
  },
});

export const updateAccess = endpoint({
  method: 'put',
  path: '/me/admin/my-users/:id/company/:company',
  tag,
  offline: 'online-only',
  summary: 'Modifie les droits et catégories d’un utilisateur dans une société (ou l’y ajoute)',
  body: companyAccess.omit({ companyId: true }),
  responses: { 200: managedUserProfile },
  errors: {
    403: 'Droit accordé que le gestionnaire n’a pas',
    404: 'Utilisateur ou société introuvable',
    409: 'Dernier gestionnaire de la société',
  },
});

export const setDisabled = endpoint({
  method: 'put',
  path: '/me/admin/my-users/:id/status',
  tag,
  offline: 'online-only',
  summary: 'Désactive (sessions révoquées, connexion refusée) ou réactive un utilisateur',
  body: z.object({ disabled: z.boolean() }),
  responses: { 200: managedUserProfile },
  errors: { 403: 'Utilisateur d’une société que le gestionnaire ne gère pas', 409: 'Soi-même ou dernier gestionnaire' },
});

export const remove = endpoint({
  method: 'delete',
  path: '/me/my-users/:id',
  tag,
  offline: 'online-only',
  summary: 'Retire l’utilisateur de la société courante (X-Company-Id) ; son accès cesse aussitôt',
  responses: { 204: null },
  errors: { 404: 'Utilisateur introuvable', 409: 'Soi-même ou dernier gestionnaire' },
});

export const auditEntry = z.object({
  id: z.number(),
  at: instant,
  action: z.enum(['create', 'rights', 'remove', 'disable', 'enable']),
  actor: z.object({ id: z.number(), label: z.string() }),
  target: z.object({ id: z.number(), label: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.output<typeof auditEntry>;

export const audit = endpoint({
  method: 'get',
  path: '/me/admin/audit/company/:company',
  tag,
  summary: 'Journal des changements de droits de la société (plus récents d’abord)',
  query: listQuery,
  responses: { 200: page(auditEntry) },
  errors: { 404: 'Société introuvable' },
});
