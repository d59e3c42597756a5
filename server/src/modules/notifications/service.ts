import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { notificationSeen, notifications } from '../../db/schema/index';
import { pageTotal } from '../../db/paging';
import { wantedNotes } from './preferences';

/** A notification as the API answers it (src/contract/notifications.ts). */
export type { AppNotification as NotificationDto } from '../../../../src/contract/notifications';
import type { AppNotification as NotificationDto } from '../../../../src/contract/notifications';

const toDto = (n: typeof notifications.$inferSelect): NotificationDto => ({
  id: n.id,
  type: n.type,
  label: n.label,
  documentId: n.documentId,
  createdAt: n.createdAt.toISOString(),
  readAt: n.readAt?.toISOString() ?? null,
});

const mine = (userId: number, companyId: number) =>
  and(eq(notifications.userId, userId), eq(notifications.companyId, companyId));

export async function listNotifications(db: Db, userId: number, companyId: number, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(mine(userId, companyId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = await pageTotal(
    rows.length,
    page,
    pageSize,
    async () => (await db.select({ total: count() }).from(notifications).where(mine(userId, companyId)))[0]!.total,
  );
  return { items: rows.map(toDto), total, page, pageSize };
}

/**
 * The bell: the latest notifications, how many arrived since the bell was last hovered and are still
 * unread (one already opened, from the home or the list, is no longer news), and every unread one.
 */
export async function refreshNotifications(db: Db, userId: number, companyId: number) {
  const [seen] = await db
    .select()
    .from(notificationSeen)
    .where(and(eq(notificationSeen.userId, userId), eq(notificationSeen.companyId, companyId)))
    .limit(1);
  const since = seen ? gt(notifications.createdAt, seen.seenAt) : undefined;
  const [latest, [{ n }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine(userId, companyId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(10),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(userId, companyId), since, isNull(notifications.readAt))),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(mine(userId, companyId), isNull(notifications.readAt))),
  ]);
  return { notifications: latest.map(toDto), notificationsCount: n, unreadCount: unread };
}

export type NewNotification = typeof notifications.$inferInsert;

/**
 * The one way other modules create notifications (decision 023): documents filed by the inbox's
 * batches, the accounting's information requests, the demo seed. A recipient who switched that
 * kind off in that company gets none (decision 042, preferences.ts). Runs in the caller's transaction
 * when given one.
 */
export async function notify(db: DbOrTx, notes: NewNotification[]): Promise<void> {
  const wanted = await wantedNotes(db, notes);
  if (wanted.length > 0) await db.insert(notifications).values(wanted);
}

export async function resetCounter(db: Db, userId: number, companyId: number, now: Date): Promise<void> {
  await db
    .insert(notificationSeen)
    .values({ userId, companyId, seenAt: now })
    .onConflictDoUpdate({ target: [notificationSeen.userId, notificationSeen.companyId], set: { seenAt: now } });
}

export async function findNotification(db: Db, userId: number, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(mine(userId, companyId), eq(notifications.id, id)))
    .limit(1);
  return row ? toDto(row) : null;
}

export async function markRead(db: Db, userId: number, companyId: number, id: number, readAt: Date | null) {
  const [row] = await db
    .update(notifications)
    .set({ readAt })
    .where(and(mine(userId, companyId), eq(notifications.id, id)))
    .returning();
  return row ? toDto(row) : null;
}
