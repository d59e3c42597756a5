// The signed-in layer (decision 014): loaded by lib/signed-in-shell.ts after sign-in, never on /login.
// Mantine (mantine-root.tsx, first: its CSS comes before the dates and charts CSS) comes with it.
import '../components/mantine-root';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import { DatesProvider } from '@mantine/dates';
import { startOfflineData } from '../data/start';
import { installAccountingDataset } from '../features/accounting/index';
import { installCashRegisterDataset } from '../features/cash-registers/index';
import { installEditorSync } from '../features/invoices-editor/sync-hooks';
import { setUnauthorizedHandler } from '../lib/http';
import { registerServiceWorker } from '../lib/service-worker';
import { clearLocalSession } from '../lib/session';
import { AppLayout } from './app-layout-screen';

// dayjs's French locale comes with the date inputs (components/dates.ts), not with the home.
let started = false;

/** Once per page: the offline data layer, the editors' sync hooks, the service worker. */
export function startSignedIn(): void {
  if (started) return;
  started = true;
  // "Modifier" in the sync panel opens the document; background replays update the local copies.
  // The router is imported when needed: it is built from the route tree that loads this module.
  installEditorSync((kind, id) => {
    const search = { id: /^\d+$/.test(id) ? Number(id) : id };
    void import('../router').then(({ router }) =>
      router.navigate(
        kind === 'invoice'
          ? { to: '/mes-factures/modifier-facture', search }
          : { to: '/mes-factures/modifier-devis', search },
      ),
    );
  });
  installUnauthorizedHandler();
  // The cash registers and their last 62 days are kept on the device with the other cached lists.
  installCashRegisterDataset();
  // The exercises, the last consulted exercise's dashboard and the open information requests too.
  installAccountingDataset();
  startOfflineData();
  // Registered once signed in: installing it on /login would download every chunk (the precache)
  // over a slow line while the user signs in; offline use needs one online sign-in anyway.
  registerServiceWorker();
}

// AUTH-4: a 401 anywhere → signed out and sent to /login?redirect={current path}. Only the
// signed-in layer calls protected endpoints, so the handler comes with it.
let handling = false;
function installUnauthorizedHandler(): void {
  setUnauthorizedHandler(() => {
    if (handling) return;
    handling = true;
    void import('../router')
      .then(({ router }) => {
        const { pathname, searchStr } = router.state.location;
        // A late 401 (a request sent before the sign-out) must not send /login to itself: the
        // redirect would become /login?redirect=/login… and the next sign-in would land on /.
        if (/^\/(login|forgotten-password)(\/|$)/.test(pathname)) return;
        return clearLocalSession().then(() =>
          router.navigate({ to: '/login', search: { redirect: `${pathname}${searchStr}` }, replace: true }),
        );
      })
      .finally(() => {
        handling = false;
      });
  });
}

export function SignedInLayout() {
  return (
    <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
      <AppLayout />
    </DatesProvider>
  );
}
