import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// Decision 088: the company's approved platform, set by the firm or the company's user administrator.
export const platformSettingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/plateforme',
  staticData: { title: 'Plateforme agréée' },
  beforeLoad: allowedTo('managePlatform'),
  component: lazyScreen(
    () => import('../features/platform-settings/components/platform-settings-page'),
    'PlatformSettingsPage',
  ),
});

export const platformRoutes = [platformSettingsRoute];
