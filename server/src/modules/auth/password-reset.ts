import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets } from '../../db/schema/index';
import { HttpError } from '../../http/errors';
import type { Deps } from '../../http/types';
import { hashPassword, newToken, passwordPolicyError, sha256 } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserByUsername, setPasswordHash } from '../users/service';
import { afterCommit } from '../../db/request-tx';
import { loggableError } from '../../db/loggable-error';

const RESET_TTL_MINUTES = 60;
/** Decision 040: a new user may open the welcome mail days later (a week-end, a holiday). */
export const INVITATION_TTL_DAYS = 7;

/**
 * The link's origin is the configured one only (PUBLIC_URL, or the listening address in development):
 * taken from the request's Host header, it would let anyone have the mail carry a valid token to their site.
 */
const linkFor = (deps: Deps, token: string) => {
  const origin = deps.config.publicUrl;
  if (!origin) throw new Error('publicUrl is set by startServer before the port opens');
  return `${origin.replace(/\/$/, '')}/forgotten-password?token=${encodeURIComponent(token)}`;
};

/**
 * Decision 040: a user added by a manager chooses their password through the reset mechanism (same
 * table, same page, same policy), with a longer validity and a welcome wording. The link is stored
 * in the caller's transaction; the mail leaves only once it commits (a rolled-back creation sends
 * nothing). A lost mail is not fatal: « Mot de passe oublié » sends a new link to the same address.
 */
export async function createInvitation(
  deps: Deps,
  invitee: { id: number; email: string; firstName: string; username: string },
  context: { invitedBy: string; companies: string[] },
): Promise<void> {
  const token = newToken();
  const now = deps.now();
  await deps.db.insert(passwordResets).values({
    tokenHash: sha256(token),
    userId: invitee.id,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
  });
  const link = linkFor(deps, token);
  const product = deps.config.branding.productName;
  afterCommit(() =>
    deps.mailer
      .send({
        to: invitee.email,
        subject: `Bienvenue sur ${product} : choisissez votre mot de passe`,
        text: `Bonjour ${invitee.firstName},\n\nBienvenue sur ${product} : ${context.invitedBy} vous a ouvert un accès (${context.companies.join(', ')}).\nVotre identifiant : ${invitee.username}\n\nPour choisir votre mot de passe, ouvrez ce lien (valable ${INVITATION_TTL_DAYS} jours) :\n${link}\n\nPassé ce délai, utilisez « Mot de passe oublié » sur la page de connexion avec votre identifiant.\n\nL’équipe ${product}`,
      })
      .catch((error: unknown) => console.error('Envoi du courriel de bienvenue impossible', loggableError(error))),
  );
}

/** The link and its mail for a known login with an address; nothing otherwise. Run after the answer (routes.ts). */
export async function requestPasswordReset(deps: Deps, username: string, now = deps.now()): Promise<void> {
  const user = await findUserByUsername(deps.db, username);
  if (!user?.email) return;
  const token = newToken();
  await deps.db.insert(passwordResets).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
  });
  const link = linkFor(deps, token);
  const product = deps.config.branding.productName;
  // A mail failure must not change the answer (it would reveal which accounts exist): log it only.
  await deps.mailer
    .send({
      to: user.email,
      subject: `${product} : réinitialisation de votre mot de passe`,
      text: `Bonjour ${user.firstName},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${RESET_TTL_MINUTES} minutes) :\n${link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.\n\nL’équipe ${product}`,
    })
    .catch((error: unknown) => console.error('Envoi du lien de réinitialisation impossible', loggableError(error)));
}

export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const now = deps.now();
  const [reset] = await deps.db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!reset)
    throw new HttpError(400, 'Ce lien de réinitialisation est invalide ou a expiré. Faites une nouvelle demande.', {
      field: 'token',
    });
  const policy = passwordPolicyError(password);
  if (policy) throw new HttpError(422, policy, { errors: [policy], field: 'password' });
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, reset.userId, passwordHash);
    // Every pending link of the user is used up, not only this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
  });
  await revokeAllSessions(deps.db, reset.userId, now);
}
