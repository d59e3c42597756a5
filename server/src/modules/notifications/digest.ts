import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../http/types';
import { notificationPreferences, notifications } from '../../db/schema/index';
import { databaseFault } from '../../db/loggable-error';
import { PARIS_TIME_ZONE } from '../../../../src/domain/dates';
import { formatDateTime } from '../../../../src/domain/format';
import { joinPerson, loadProfile, userIsActive } from '../users/service';

// Decision 042: one mail a day to the users who asked for it, listing their unread notifications of
// one company. The job runs every hour (server.ts); lastDigestAt makes a second run the same
// (Paris) day send nothing, so a restart, a second instance or a retried turn never mails twice.

/** Mails leave from this hour of the Paris morning on: read with the first coffee, not at midnight. */
export const DIGEST_HOUR = 7;
/** A long list is cut: the mail points to the page that has them all. */
const MAX_LISTED = 20;

const parisParts = (d: Date) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: PARIS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
};

/** Sends the day's digests due at `now`; returns how many mails left. */
export async function sendNotificationDigests(deps: Deps, now: Date): Promise<number> {
  const today = parisParts(now);
  if (today.hour < DIGEST_HOUR) return 0;
  const due = await deps.db
    .select({
      userId: notificationPreferences.userId,
      companyId: notificationPreferences.companyId,
      lastDigestAt: notificationPreferences.lastDigestAt,
    })
    .from(notificationPreferences)
    .innerJoin(...joinPerson(notificationPreferences.userId))
    .where(and(eq(notificationPreferences.digest, true), userIsActive()));
  let sent = 0;
  for (const pref of due) {
    if (pref.lastDigestAt && parisParts(pref.lastDigestAt).day === today.day) continue;
    try {
      if (await sendOne(deps, pref.userId, pref.companyId, now)) sent++;
    } catch (error) {
      // One unreachable mailbox must not keep the others from theirs; the next turn retries it.
      console.warn(
        'Récapitulatif des notifications non envoyé',
        databaseFault(error) ?? (error as Error)?.message ?? error,
      );
    }
  }
  return sent;
}

async function sendOne(deps: Deps, userId: number, companyId: number, now: Date): Promise<boolean> {
  const profile = await loadProfile(deps.db, userId);
  const company = profile?.userCompanies.find((c) => c.id === companyId);
  // No address, or no longer a member of that company: nothing to send, nothing to mark.
  if (!profile?.email || !company) return false;
  const unread = await deps.db
    .select({ label: notifications.label, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.companyId, companyId), isNull(notifications.readAt)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  // Nothing unread: no empty mail; the day is not marked, so a notification arriving later today
  // still goes out in the next turn.
  if (unread.length === 0) return false;
  const origin = (deps.config.publicUrl ?? '').replace(/\/$/, '');
  const product = deps.config.branding.productName;
  const listed = unread.slice(0, MAX_LISTED).map((n) => `- ${formatDateTime(n.createdAt.toISOString())} : ${n.label}`);
  const more = unread.length - listed.length;
  const count = unread.length === 1 ? '1 notification non lue' : `${unread.length} notifications non lues`;
  const text = [
    `Bonjour ${profile.firstName},`,
    '',
    `Vous avez ${count} pour ${company.label} :`,
    '',
    ...listed,
    ...(more > 0 ? [`… et ${more} autre${more > 1 ? 's' : ''}.`] : []),
    '',
    `Pour les consulter : ${origin}/notifications`,
    '',
    `Vous recevez ce récapitulatif quotidien car vous l’avez demandé dans ${product} (Mon profil, rubrique Notifications).`,
  ].join('\n');
  await deps.mailer.send({ to: profile.email, subject: `${product} : ${count} (${company.label})`, text });
  await deps.db
    .update(notificationPreferences)
    .set({ lastDigestAt: now })
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.companyId, companyId)));
  return true;
}
