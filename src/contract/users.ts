import { z } from 'zod';
import { endpoint } from './endpoint';
import { MAX_ID } from './common';

// The profile, the rights, the public configuration (USER-1, USER-4).

const permission = z.enum(['view', 'download', 'create', 'edit', 'delete', 'userGedRight', 'transform']);
export const appRight = z.object({
  label: z.string(),
  permissions: z.array(permission),
  children: z.array(z.object({ label: z.string(), permissions: z.array(permission) })),
});

export const userCompany = z.object({
  id: z.number(),
  label: z.string(),
  numberInvoiceValidateMonth: z.number().nullable(),
  subscriptionInvoice: z.string().nullable(),
  gedUserRight: z.boolean(),
});
export type UserCompany = z.output<typeof userCompany>;

/** The user profile (USER-1). */
export const userProfile = z.object({
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  userType: z.number(),
  userCompanies: z.array(userCompany),
  userLastCompany: z.number().nullable(),
  appRights: z.array(appRight),
  categories: z.array(z.number()),
  categoriesInbox: z.array(z.number()),
});
export type UserProfile = z.output<typeof userProfile>;

export const branding = z.object({
  productName: z.string(),
  productSlug: z.string(),
  supportPhone: z.string(),
  supportEmail: z.string(),
  legal: z.object({
    name: z.string(),
    address: z.string(),
    siren: z.string(),
    capital: z.string(),
    director: z.string(),
    host: z.string(),
  }),
  directory: z.object({ domains: z.array(z.string()), excluded: z.array(z.string()) }),
  /** A payroll service is configured (decision 045): « Mon service de paie » is offered only then. */
  payrollSso: z.boolean().optional(),
});
export type Branding = z.output<typeof branding>;

const user = 'Utilisateur';

export const me = endpoint({
  method: 'get',
  path: '/user/me',
  tag: user,
  summary: 'Profil de l’utilisateur connecté',
  responses: { 200: userProfile },
});

export const saveLastCompany = endpoint({
  method: 'put',
  path: '/user/me',
  tag: user,
  summary: 'Enregistre la dernière société choisie',
  offline: 'online-only',
  body: z.object({ idDerniereSociete: z.number().int().positive().max(MAX_ID) }),
  responses: { 200: userProfile },
  errors: { 403: 'Société dont l’utilisateur n’est pas membre' },
});

export const changePassword = endpoint({
  method: 'put',
  path: '/user/me/password',
  tag: user,
  summary: 'Change le mot de passe de l’utilisateur connecté',
  offline: 'online-only',
  body: z.object({ currentPassword: z.string().min(1), newPassword: z.string().min(1).max(500) }),
  responses: { 204: null },
  errors: { 422: 'Mot de passe actuel faux ou nouveau trop faible', 429: 'Trop de mots de passe actuels erronés' },
});

export const rights = endpoint({
  method: 'get',
  path: '/utilisateurs/custom/user/:id/company/:lastCompany',
  tag: user,
  summary: 'Droits de l’utilisateur dans une société',
  responses: { 200: z.array(appRight) },
});

export const config = endpoint({
  method: 'get',
  path: '/config',
  tag: 'Configuration',
  auth: false,
  summary: 'Marque, assistance, mentions légales et domaines d’annuaire',
  responses: { 200: branding },
});
