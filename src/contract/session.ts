import { z } from 'zod';
import { endpoint } from './endpoint';
import { MAX_ID, messageBody } from './common';

// Spec 7.1: sign-in, the profile, the rights, the public configuration, the statistics.

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

/** The user profile of spec section 3. */
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

const loginBody = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
  redirect: z.string().max(2000).optional(),
});
const loginAnswer = userProfile.extend({ token: z.string() });
export type LoginResponse = z.output<typeof loginAnswer>;

const session = 'Session';
const user = 'Utilisateur';

export const login = endpoint({
  method: 'post',
  path: '/login',
  tag: session,
  summary: 'Connexion',
  auth: false,
  offline: 'online-only',
  body: loginBody,
  responses: { 200: loginAnswer },
  errors: { 401: 'Identifiants incorrects', 429: 'Trop de tentatives' },
});

export const ldapLogin = endpoint({
  method: 'post',
  path: '/ldap/login',
  tag: session,
  summary: 'Connexion par l’annuaire d’entreprise',
  auth: false,
  offline: 'online-only',
  body: loginBody,
  responses: { 200: loginAnswer },
  // Decision 041: the directory checks the password; the local user of the same login gives the rights.
  errors: {
    401: 'Identifiants refusés par l’annuaire, ou identifiant hors des domaines de l’annuaire',
    403: 'Aucun utilisateur du portail pour ce compte de l’annuaire, ou utilisateur désactivé',
    429: 'Trop de tentatives',
    503: 'Annuaire non configuré ou injoignable',
  },
});

export const logout = endpoint({
  method: 'post',
  path: '/logout',
  tag: session,
  summary: 'Déconnexion : révoque le jeton',
  offline: 'online-only',
  responses: { 204: null },
});

export const forgottenPassword = endpoint({
  method: 'post',
  path: '/user/me/forgotten-password',
  tag: session,
  auth: false,
  offline: 'online-only',
  summary: 'Mot de passe oublié : envoie un lien de réinitialisation',
  // No caller-chosen origin: the link would carry a valid token to any site named in the request.
  body: z.object({ username: z.string().trim().min(1).max(200) }),
  responses: { 200: messageBody },
  errors: { 429: 'Trop de demandes (3 par identifiant, 10 par adresse et par heure)' },
});

export const resetPassword = endpoint({
  method: 'post',
  path: '/user/me/reset-password',
  tag: session,
  auth: false,
  offline: 'online-only',
  summary: 'Nouveau mot de passe à partir du lien reçu',
  body: z.object({ token: z.string().min(10).max(200), password: z.string().min(1).max(500) }),
  responses: { 200: messageBody },
  errors: { 400: 'Lien invalide ou expiré', 422: 'Mot de passe trop faible' },
});

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

export const statistics = endpoint({
  method: 'get',
  path: '/statistiques/datedebut/:startDate/datefin/:endDate',
  tag: 'Statistiques',
  summary: 'Statistiques d’utilisation sur une période (administrateurs)',
  responses: {
    200: z.object({
      period: z.object({ start: z.string(), end: z.string() }),
      users: z.number(),
      companies: z.number(),
      signIns: z.number(),
      activeUsers: z.number(),
      signInsByDay: z.array(z.object({ date: z.string(), count: z.number() })),
    }),
  },
  errors: { 403: 'Réservé aux administrateurs' },
});
