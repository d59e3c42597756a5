import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, type notifications } from '../../db/schema/index';
import type { NotificationPreferences } from '../../../../src/contract/notifications';

// Decision 042: per user and company, which kinds of notification are created and whether the unread
// ones are mailed once a day. No row means the defaults: a user who never opened the section keeps
// receiving everything, and no mail they did not ask for.

export const DEFAULT_PREFERENCES: NotificationPreferences = { documents: true, requests: true, digest: false };

/** Type 1 = a document was filed, type 2 = an information request (NOTIF-1). */
const KIND_OF_TYPE: Record<number, 'documents' | 'requests'> = { 1: 'documents', 2: 'requests' };

const ofUser = (userId: number, companyId: number) =>
  and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.companyId, companyId));

export async function readPreferences(db: DbOrTx, userId: number, companyId: number): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(ofUser(userId, companyId)).limit(1);
  return row ? { documents: row.documents, requests: row.requests, digest: row.digest } : { ...DEFAULT_PREFERENCES };
}

export async function savePreferences(
  db: DbOrTx,
  userId: number,
  companyId: number,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  // lastDigestAt is left as it is: switching the digest off and on again the same day sends no second mail.
  await db
    .insert(notificationPreferences)
    .values({ userId, companyId, ...prefs })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.companyId], set: prefs });
  return readPreferences(db, userId, companyId);
}

type Note = Pick<typeof notifications.$inferInsert, 'userId' | 'companyId' | 'type'>;

/**
 * The notes whose recipient did not switch their kind off in that company. One query for the
 * whole list (a batch notifies every member at once); a type with no preference stays wanted.
 */
export async function wantedNotes<N extends Note>(db: DbOrTx, notes: N[]): Promise<N[]> {
  if (notes.length === 0) return notes;
  const userIds = [...new Set(notes.map((n) => n.userId))];
  const companyIds = [...new Set(notes.map((n) => n.companyId))];
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.userId, userIds), inArray(notificationPreferences.companyId, companyIds)),
    );
  if (rows.length === 0) return notes;
  const byKey = new Map(rows.map((r) => [`${r.userId}:${r.companyId}`, r]));
  return notes.filter((n) => {
    const kind = KIND_OF_TYPE[n.type];
    const prefs = byKey.get(`${n.userId}:${n.companyId}`);
    return !kind || !prefs || prefs[kind];
  });
}
