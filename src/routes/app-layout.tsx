import { createRoute, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { AppFrame } from '../components/layout/app-frame';
import { logoutOnServer, saveLastCompany } from '../features/auth/api/session-api';
import { SyncStatus } from '../features/sync/sync-status';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { readApiError } from '../lib/http';
import { clearLocalSession, emitSessionEvent, getSession, replaceProfile } from '../lib/session';
import { toastError } from '../lib/toast';
import { navEntries } from './nav-entries';
import { rootRoute } from './root';

function AppLayout() {
  const navigate = useNavigate();
  const router = useRouter();
  const [switching, setSwitching] = useState(false);
  const available = (path: string) => path in router.routesByPath;

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

  async function logout() {
    const token = getSession()?.token;
    if (token) void logoutOnServer(token).catch(() => undefined);
    await clearLocalSession();
    await navigate({ to: '/login', search: {} });
  }

  return (
    <AppFrame nav={navEntries} available={available} switching={switching} onSwitchCompany={switchCompany} onLogout={logout}
      bell={<NotificationBell />} statusBar={<SyncStatus />}>
      <Outlet />
    </AppFrame>
  );
}

export const appLayoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppLayout });
