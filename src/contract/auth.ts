import { z } from 'zod';
import { endpoint } from './endpoint';
import { messageBody } from './common';
import { userProfile } from './users';

// Sign-in, sign-out and the forgotten password (AUTH-1, AUTH-5, AUTH-7).

const loginBody = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
  redirect: z.string().max(2000).optional(),
});
const loginAnswer = userProfile.extend({ token: z.string() });
export type LoginResponse = z.output<typeof loginAnswer>;

const session = 'Session';

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
