import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// « Gérer mes utilisateurs » (decision 040, NAV-19, RIGHTS-7): view on profil > gestionUtilisateurs.
// Registering the route is also what shows the profile menu's entry (available('/admin')).
export const adminRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin',
  staticData: { title: 'Gérer mes utilisateurs' },
  beforeLoad: allowedTo('view', { menu: 'profil', child: 'gestionUtilisateurs' }),
  component: lazyScreen(() => import('../features/admin/components/admin-page'), 'AdminPage'),
});

export const adminRoutes = [adminRoute];
