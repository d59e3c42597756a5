import { Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { AppFrame } from '../components/layout/app-frame';
import { LogoutConfirm, type KeptOnDevice } from '../components/layout/logout-confirm';
import { saveLastCompany } from '../features/auth/api/session-api';
import { discardUnsent, keptOnDevice } from '../data/storage';
import { NO_PARAMS } from '../data/sync/server-data';
import { useServerData } from '../data/sync/use-server-data';
import { SyncStatus } from '../features/sync/sync-status';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { PayrollMenuItem } from '../features/payroll/index';
import { PlatformBannerLine } from '../features/platform-settings/index';
import { readApiError } from '../lib/http';
import { revokeOnServer } from '../lib/pending-sign-outs';
import { clearLocalSession, emitSessionEvent, getSession, replaceProfile } from '../lib/session';
import { toastError } from '../lib/toast';
import { navEntries } from './nav-entries';
import { profileData } from './app-layout-data';

/** The signed-in frame (lazy: /login does not load it, see app-layout.tsx). */
export function AppLayout() {
  const navigate = useNavigate();
  const router = useRouter();
  const [switching, setSwitching] = useState(false);
  const available = (path: string) => path in router.routesByPath;
  const [confirm, setConfirm] = useState<{ kept: KeptOnDevice; who: string } | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  // Rights or companies may have changed since the last visit: the sync layer refreshes the profile
  // when online (decision 022). A revoked token answers 401 and the global handler signs out.
  useServerData(profileData, NO_PARAMS);

  // NAV-18: save the last company, replace the profile, reload the invoicing data, go to /.
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

  // Decision 078: asked only when drafts or queued changes would stay on the device (counted now).
  async function requestLogout() {
    const profile = getSession()?.profile;
    const kept = profile ? await keptOnDevice(profile.id).catch(() => null) : null;
    if (profile && kept && kept.drafts + kept.changes > 0)
      setConfirm({ kept, who: `${profile.firstName} ${profile.name}`.trim() });
    else await logout();
  }

  async function logout(discard = false) {
    setSigningOut(true);
    const session = getSession();
    // The revocation is remembered before it is tried: offline (or with no server) it goes at the
    // next connection. Online its answer comes in a moment; a slow line is not waited for long.
    const revoked = session ? revokeOnServer(session.token) : Promise.resolve();
    const bound = new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.all([
      Promise.race([revoked, bound]),
      discard && session ? discardUnsent(session.profile.id).catch(() => undefined) : null,
    ]);
    await clearLocalSession();
    setConfirm(null);
    setSigningOut(false);
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
      bannerPlatform={<PlatformBannerLine />}
    >
      <Outlet />
      <LogoutConfirm
        opened={confirm != null}
        kept={confirm?.kept ?? { drafts: 0, changes: 0 }}
        who={confirm?.who ?? ''}
        busy={signingOut}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void logout()}
        onDiscard={() => void logout(true)}
      />
    </AppFrame>
  );
}
