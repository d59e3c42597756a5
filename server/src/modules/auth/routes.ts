import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { clientAddress } from '../../http/client-address';
import { createModule } from '../../http/route';
import { HttpError, unauthorized } from '../../http/errors';
import type { Deps } from '../../http/types';
import { loadProfile } from '../users/profile';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { createSession, revokeSession } from './sessions';
import { beginSignIn, countResetRequest, endSignIn } from './throttle';
import { requestPasswordReset, resetPassword } from './password-reset';

const loginBody = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
  redirect: z.string().max(2000).optional(),
});

export const WRONG_CREDENTIALS = 'Identifiant et/ou mot de passe incorrect(s)';

export function authModule(deps: Deps) {
  const { app, route } = createModule(deps, '/api', 'Session');

  route('post', '/login', { summary: 'Connexion', body: loginBody, auth: false, responses: { 200: 'Profil et jeton', 401: 'Identifiants incorrects', 429: 'Trop de tentatives' } }, async (c, { body }) => {
    const now = deps.now();
    const { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES, TOKEN_TTL_HOURS } = deps.config.env;
    // Throttled per login and per client address (decision 008): recorded before the password is
    // checked, settled after; a check that throws counts as a failure.
    const address = clientAddress(c, deps.config);
    const attempt = await beginSignIn(deps.db, body.username, address, now, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES);
    let ok = false;
    let user: typeof users.$inferSelect | undefined;
    try {
      [user] = await deps.db.select().from(users).where(eq(sql`lower(${users.username})`, body.username.toLowerCase())).limit(1);
      ok = (await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()))) && !!user;
    } finally {
      await endSignIn(deps.db, attempt, ok, body.username, address, now);
    }
    if (!user || !ok) throw unauthorized(WRONG_CREDENTIALS);
    const token = await createSession(deps.db, user.id, TOKEN_TTL_HOURS, now);
    const profile = await loadProfile(deps.db, user.id);
    return c.json({ ...profile, token });
  });

  route('post', '/ldap/login', { summary: 'Connexion par l’annuaire d’entreprise', body: loginBody, auth: false, responses: { 503: 'Annuaire non configuré' } }, async () => {
    if (!deps.config.env.LDAP_URL) {
      throw new HttpError(503, 'La connexion par l’annuaire d’entreprise n’est pas configurée sur ce serveur. Contactez votre cabinet.');
    }
    throw new HttpError(503, 'L’annuaire d’entreprise ne répond pas. Réessayez plus tard.');
  });

  route('post', '/logout', { summary: 'Déconnexion : révoque le jeton', responses: { 204: 'Jeton révoqué' } }, async (c) => {
    await revokeSession(deps.db, c.get('tokenHash'), deps.now());
    return c.body(null, 204);
  });

  route('post', '/user/me/forgotten-password', {
    summary: 'Mot de passe oublié : envoie un lien de réinitialisation',
    // No caller-chosen origin: the link would carry a valid token to any site named in the request.
    body: z.object({ username: z.string().trim().min(1).max(200) }),
    auth: false,
    responses: { 200: 'Même réponse que le compte existe ou non', 429: 'Trop de demandes (3 par identifiant, 10 par adresse et par heure)' },
  }, async (c, { body }) => {
    // Mails are throttled per login and per address (decision 008), known logins or not.
    await countResetRequest(deps.db, body.username, clientAddress(c, deps.config), deps.now());
    await requestPasswordReset(deps, body.username);
    // Always the same answer, so nobody learns which login names exist.
    return c.json({ message: 'Si un compte correspond à cet identifiant, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.' });
  });

  route('post', '/user/me/reset-password', {
    summary: 'Nouveau mot de passe à partir du lien reçu',
    body: z.object({ token: z.string().min(10).max(200), password: z.string().min(1).max(500) }),
    auth: false,
    responses: { 200: 'Mot de passe changé', 400: 'Lien invalide ou expiré', 422: 'Mot de passe trop faible' },
  }, async (c, { body }) => {
    await resetPassword(deps, body.token, body.password);
    return c.json({ message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' });
  });

  return app;
}
