// @vitest-environment jsdom
// The bell's screen logic (NOTIF-2, NOTIF-3), moved from tests/e2e/notifications.test.ts (decision 018): the
// count in its name, hovering resets it on the server and on screen, an item opens its notification,
// "Voir toutes les notifications" opens the list. The real server (the notification marked read)
// and the axe passes stay in the e2e file.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAll } from '../../data/sync/engine';
import { cleanScreen, installJsdomGaps } from '../../../tests/support/screen';
import { demoProfile, renderInRouter, signInAs } from '../../../tests/support/screen-profiles';
import type { BellState } from './api/notifications-api';

const fetchBell = vi.fn<() => Promise<BellState>>();
const resetBell = vi.fn<() => Promise<unknown>>();
vi.mock('./api/notifications-api', () => ({
  fetchBell: () => fetchBell(),
  resetBell: () => resetBell(),
  fetchNotificationsPage: vi.fn(),
  fetchNotification: vi.fn(),
  markNotificationRead: vi.fn(),
}));

const { NotificationBell } = await import('./components/notification-bell');

const notification = (id: number, label: string, readAt: string | null = null) => ({
  id,
  type: 1,
  label,
  documentId: 10 + id,
  createdAt: '2026-11-20T09:00:00.000Z',
  readAt,
});
const BELL: BellState = {
  notifications: [
    notification(7, 'Nouveau document : Relevé bancaire - Octobre 2026.pdf'),
    notification(6, 'Nouveau document : Bilan 2025.pdf', '2026-11-21T10:00:00.000Z'),
  ],
  notificationsCount: 2,
  unreadCount: 1,
};

beforeAll(installJsdomGaps);
beforeEach(() => {
  // Mantine's focus trap looks for a visible element while the dropdown is still display: none in
  // jsdom (no layout): its warning says nothing about the screen.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('use-focus-trap')) warn(...args);
  });
});
afterEach(() => {
  cleanScreen();
  forgetAll(); // the sync layer keeps answers in memory: none outlives a test
  signInAs(null);
  fetchBell.mockReset();
  resetBell.mockReset();
});

function renderBell(path = '/') {
  signInAs(demoProfile());
  fetchBell.mockResolvedValue(BELL);
  resetBell.mockResolvedValue(undefined);
  return renderInRouter(<NotificationBell />, { path });
}

// Role queries skip the visibility check (`hidden: true`): computing styles is what makes them slow in jsdom.
describe('the notification bell', { timeout: 60_000 }, () => {
  it('shows a count; hovering opens it and resets the count on the server and on screen', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications : 2 nouvelle(s)', hidden: true });
    fireEvent.mouseEnter(bell);
    await screen.findByRole('menuitem', { name: BELL.notifications[0].label, hidden: true });
    await waitFor(() => expect(resetBell).toHaveBeenCalledTimes(1));
    await screen.findByRole('button', { name: /^Notifications$/, hidden: true });
  });

  it('an item opens its notification', async () => {
    const router = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications : \d+ nouvelle/, hidden: true }));
    fireEvent.click(await screen.findByRole('menuitem', { name: BELL.notifications[0].label, hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications/7'));
  });

  it('"Voir toutes les notifications" opens the list', async () => {
    const router = renderBell('/notifications/7');
    fireEvent.click(await screen.findByRole('button', { name: /^Notifications/, hidden: true }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Voir toutes les notifications', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });

  it('a failed reset says so in French', async () => {
    renderBell();
    resetBell.mockRejectedValue(new Error('réseau'));
    fireEvent.mouseEnter(await screen.findByRole('button', { name: /^Notifications : 2/, hidden: true }));
    await screen.findByText('Une erreur est survenue lors de la suppression des notifications.');
    expect(screen.getByRole('button', { name: 'Notifications : 2 nouvelle(s)', hidden: true })).toBeTruthy();
  });
});
