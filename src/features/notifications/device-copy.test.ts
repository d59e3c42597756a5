import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkplaceDb } from '../../data/db';
import type { AppNotification, BellState } from './api/notifications-api';
import { keepBellOnDevice, keptNotifications, markReadOnDevice, readUnreadOnDevice } from './device-copy';

// The home's « Notifications non lues » reads this copy, online and offline (NOTIF-2).
const dbs: WorkplaceDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});
const openDb = () => {
  const db = new WorkplaceDb(`notifications-copy-${dbs.length}-${Date.now()}`);
  dbs.push(db);
  return db;
};

const COMPANY = 7;
const note = (id: number, read: boolean): AppNotification => ({
  id,
  type: 1,
  label: `Document ${id}`,
  documentId: id,
  createdAt: new Date(Date.UTC(2026, 10, id)).toISOString(),
  readAt: read ? '2026-11-27T08:00:00.000Z' : null,
});
/** The bell's answer: the latest ten, 3 of them unread, and 15 unread in all on the server. */
const bell: BellState = {
  notifications: Array.from({ length: 10 }, (_, i) => note(20 - i, i % 3 !== 0 || i > 6)),
  notificationsCount: 2,
  unreadCount: 15,
};

describe('the notifications’ device copy', () => {
  it('counts every unread notification, not only those among the latest ten', async () => {
    const db = openDb();
    await keepBellOnDevice(COMPANY, bell, db);
    const copy = await readUnreadOnDevice(db, COMPANY);
    expect(copy.count).toBe(15);
    expect(copy.latest.map((n) => n.id)).toEqual([20, 17, 14]);
  });

  it('opening a notification reads it on the device at once, once', async () => {
    const db = openDb();
    await keepBellOnDevice(COMPANY, bell, db);
    await markReadOnDevice(COMPANY, 17, '2026-11-27T09:00:00.000Z', db);
    await markReadOnDevice(COMPANY, 17, '2026-11-27T09:01:00.000Z', db);
    const copy = await readUnreadOnDevice(db, COMPANY);
    expect(copy.count).toBe(14);
    expect(copy.latest.map((n) => n.id)).toEqual([20, 14]);
  });

  it('a notification read elsewhere (not in the copy) changes nothing until the bell answers', async () => {
    const db = openDb();
    await keepBellOnDevice(COMPANY, bell, db);
    await markReadOnDevice(COMPANY, 3, '2026-11-27T09:00:00.000Z', db);
    expect((await readUnreadOnDevice(db, COMPANY)).count).toBe(15);
    await keepBellOnDevice(COMPANY, { ...bell, unreadCount: 14 }, db);
    expect((await readUnreadOnDevice(db, COMPANY)).count).toBe(14);
  });

  it('a bell answer fetched before the read reached the server does not make it unread again', async () => {
    const db = openDb();
    await keepBellOnDevice(COMPANY, bell, db);
    await markReadOnDevice(COMPANY, 17, '2026-11-27T09:00:00.000Z', db);
    // The answer of a request sent before the read: 17 unread, and counted in the 15.
    await keepBellOnDevice(COMPANY, bell, db);
    let copy = await readUnreadOnDevice(db, COMPANY);
    expect(copy.latest.map((n) => n.id)).toEqual([20, 14]);
    expect(copy.count).toBe(14);
    // The server has the read: its answer shows 17 read and counts 14; nothing is taken off twice.
    const afterRead = { ...bell, notifications: bell.notifications.map((n) => (n.id === 17 ? note(17, true) : n)) };
    await keepBellOnDevice(COMPANY, { ...afterRead, unreadCount: 14 }, db);
    copy = await readUnreadOnDevice(db, COMPANY);
    expect(copy.count).toBe(14);
    // Done with: from then on, the server's answers are taken as they are.
    await keepBellOnDevice(COMPANY, { ...bell, unreadCount: 15 }, db);
    copy = await readUnreadOnDevice(db, COMPANY);
    expect(copy.latest.map((n) => n.id)).toEqual([20, 17, 14]);
    expect(copy.count).toBe(15);
  });

  it('another company’s copy is its own', async () => {
    const db = openDb();
    await keepBellOnDevice(COMPANY, bell, db);
    await keepBellOnDevice(COMPANY + 1, { notifications: [note(1, false)], notificationsCount: 1, unreadCount: 1 }, db);
    expect((await readUnreadOnDevice(db, COMPANY)).count).toBe(15);
    expect((await readUnreadOnDevice(db, COMPANY + 1)).count).toBe(1);
  });

  it('offline reading: the kept notifications, newest first, with the reads made here', async () => {
    const db = openDb();
    await keepBellOnDevice(COMPANY, bell, db);
    await markReadOnDevice(COMPANY, 20, '2026-11-27T09:00:00.000Z', db);
    const kept = await keptNotifications(COMPANY, db);
    expect(kept.map((n) => n.id)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    expect(kept[0]!.readAt).toBe('2026-11-27T09:00:00.000Z');
    expect(await keptNotifications(COMPANY + 1, db)).toEqual([]);
  });
});
