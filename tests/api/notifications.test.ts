import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let demo: { token: string; profile: any };
let admin: { token: string; profile: any };
beforeAll(async () => {
  server = await startTestServer();
  demo = await server.api.login('demo');
  admin = await server.api.login('admin');
});
afterAll(() => server?.close());

const refreshPath = (user: number, company: number) => `/api/notifications/refresh/user/${user}/company/${company}`;

describe('notifications (NOTIF-2, NOTIF-6)', () => {
  it('the counter counts only what is still unread: a notification opened elsewhere is no longer new', async () => {
    const company = demo.profile.userLastCompany;
    const before = await server.api.get(refreshPath(demo.profile.id, company), { token: demo.token, company });
    // The demo user has never hovered the bell: every notification arrived since, read ones included.
    expect(before.body.notifications.some((n: any) => n.readAt !== null)).toBe(true);
    expect(before.body.notificationsCount).toBe(before.body.unreadCount);
    const unread = before.body.notifications.find((n: any) => n.readAt === null);
    const readAt = new Date().toISOString();
    expect(
      (await server.api.put(`/api/notifications/${unread.id}`, { readAt }, { token: demo.token, company })).status,
    ).toBe(200);
    const after = await server.api.get(refreshPath(demo.profile.id, company), { token: demo.token, company });
    expect(after.body.notificationsCount).toBe(before.body.notificationsCount - 1);
    expect(after.body.unreadCount).toBe(before.body.unreadCount - 1);
  });

  it('the bell lists the latest notifications with a count, and hovering resets the counter', async () => {
    const company = demo.profile.userLastCompany;
    const first = await server.api.get(refreshPath(demo.profile.id, company), { token: demo.token, company });
    expect(first.status).toBe(200);
    expect(first.body.notifications.length).toBeGreaterThan(0);
    expect(first.body.notificationsCount).toBeGreaterThan(0);
    expect(first.body.notifications[0]).toMatchObject({
      type: expect.any(Number),
      label: expect.any(String),
      createdAt: expect.stringMatching(/T/),
    });

    const reset = await server.api.put(
      `/api/notifications/reset/user/${demo.profile.id}/company/${company}`,
      undefined,
      { token: demo.token, company },
    );
    expect(reset.status).toBe(200);
    const after = await server.api.get(refreshPath(demo.profile.id, company), { token: demo.token, company });
    expect(after.body.notificationsCount).toBe(0);
    expect(after.body.notifications).toHaveLength(first.body.notifications.length);
  });

  it('opening a notification sets readAt; another user cannot read it (404)', async () => {
    const company = demo.profile.userLastCompany;
    const list = await server.api.get('/api/notifications?pageId=1', { token: demo.token, company });
    expect(list.status).toBe(200);
    const unread = list.body.items.find((n: any) => n.readAt === null);
    const readAt = '2026-11-21T14:05:00+01:00';
    const put = await server.api.put(`/api/notifications/${unread.id}`, { readAt }, { token: demo.token, company });
    expect(put.status).toBe(200);
    expect(new Date(put.body.readAt).toISOString()).toBe(new Date(readAt).toISOString());
    const theirs = await server.api.get(`/api/notifications/${unread.id}`, { token: admin.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Cette notification est introuvable.');
  });

  it('refuses another user or a foreign company in the path (403), bad input (400)', async () => {
    const company = demo.profile.userLastCompany;
    expect((await server.api.get(refreshPath(admin.profile.id, company), { token: demo.token, company })).status).toBe(
      403,
    );
    expect(
      (
        await server.api.get(refreshPath(demo.profile.id, admin.profile.userLastCompany), {
          token: demo.token,
          company: admin.profile.userLastCompany,
        })
      ).status,
    ).toBe(403);
    const bad = await server.api.put('/api/notifications/1', { readAt: 'hier' }, { token: demo.token, company });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('readAt');
  });
});
