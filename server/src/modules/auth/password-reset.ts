import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResets } from '../../db/schema/index';
import { HttpError } from '../../http/errors';
import type { Deps } from '../../http/types';
import { hashPassword, newToken, passwordPolicyError, sha256 } from './passwords';
import { revokeAllSessions } from './sessions';
import { findUserByUsername, setPasswordHash } from '../users/service';

const RESET_TTL_MINUTES = 60;

/**
 * The link's origin is the configured one only (PUBLIC_URL, or the listening address in development):
 * taken from the request's Host header, it would let anyone have the mail carry a valid token to their site.
 */
export async function requestPasswordReset(deps: Deps, username: string): Promise<void> {
  const origin = deps.config.publicUrl;
  if (!origin) throw new Error('publicUrl is set by startServer before the port opens');
  const user = await findUserByUsername(deps.db, username);
  if (!user?.email) return;
  const token = newToken();
  const now = deps.now();
  await deps.db.insert(passwordResets).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
  });
  const link = `${origin.replace(/\/$/, '')}/forgotten-password?token=${encodeURIComponent(token)}`;
  const product = deps.config.branding.productName;
  // A mail failure must not change the answer (it would reveal which accounts exist): log it only.
  await deps.mailer
    .send({
      to: user.email,
      subject: `${product} : réinitialisation de votre mot de passe`,
      text: `Bonjour ${user.firstName},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valable ${RESET_TTL_MINUTES} minutes) :\n${link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.\n\nL’équipe ${product}`,
    })
    .catch((error: unknown) => console.error('Envoi du lien de réinitialisation impossible', error));
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
