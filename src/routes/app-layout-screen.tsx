import { Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { AppFrame } from '../components/layout/app-frame';
import { LogoutConfirm } from '../components/layout/logout-confirm';
import { fetchMe, logoutOnServer, saveLastCompany } from '../features/auth/api/session-api';
import { useOutboxCounts } from '../data/outbox-hooks';
import { defineServerData, NO_PARAMS, type NoParams } from '../data/sync/server-data';
import { useServerData } from '../data/sync/use-server-data';
import { SyncStatus } from '../features/sync/sync-status';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { PayrollMenuItem } from '../features/payroll/index';
import { readApiError } from '../lib/http';
import { clearLocalSession, emitSessionEvent, getSession, replaceProfile } from '../lib/session';
import { toastError } from '../lib/toast';
import { navEntries } from './nav-entries';

const profileData = defineServerData<NoParams, Awaited<ReturnType<typeof fetchMe>>>({
  key: 'profile',
  keep: 'memory',
  perCompany: false,
  maxAgeMs: 5 * 60_000,
  fetch: async () => {
    const profile = await fetchMe();
    replaceProfile(profile);
    return profile;
  },
});

/** The signed-in frame (lazy: /login does not load it, see app-layout.tsx). */
export function AppLayout() {
  const navigate = useNavigate();
  const router = useRouter();
  const [switching, setSwitching] = useState(false);
  const available = (path: string) => path in router.routesByPath;
  const counts = useOutboxCounts();
  const [confirmLogout, setConfirmLogout] = useState(false);

  // Rights or companies may have changed since the last visit: the sync layer refreshes the profile
  // when online (decision 022). A revoked token answers 401 and the global handler signs out.
  useServerData(profileData, NO_PARAMS);

  // Spec 2.4: save the last company, replace the profile, reload the invoicing data, go to /.
  async function switchCompany(companyId: number) {
    setSwitching(true);
    try {
      replaceProfile(await saveLastCompany(companyId));
      await emitSessionEvent('companyChange');
      await navigate({ to: '/' });
    } catch (error) {
      const e = await readApiError(error);
      toastError('Changement de société impossible', e.message ?? 'Vérifiez votre connexion puis réessayez.');
    } finally {
      setSwitching(false);
    }
  }

  async function requestLogout() {
    if (counts.waiting + counts.failed > 0) setConfirmLogout(true);
    else await logout();
  }

  async function logout() {
    setConfirmLogout(false);
    const token = getSession()?.token;
    if (token) void logoutOnServer(token).catch(() => undefined);
    await clearLocalSession();
    await navigate({ to: '/login', search: {} });
  }

  return (
    <AppFrame
      nav={navEntries}
      available={available}
      switching={switching}
      onSwitchCompany={switchCompany}
      onLogout={requestLogout}
      bell={<NotificationBell />}
      statusBar={<SyncStatus />}
      profileItems={<PayrollMenuItem />}
    >
      <Outlet />
      <LogoutConfirm
        opened={confirmLogout}
        waiting={counts.waiting + counts.failed}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() => void logout()}
      />
    </AppFrame>
  );
}
