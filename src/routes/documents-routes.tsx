import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { documentsSearch } from '../lib/list-search';
import { allowedTo } from './guard';

// Documents screens, guarded by can() (guard.ts).

export const documentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-documents',
  staticData: { title: 'Mes documents' },
  validateSearch: documentsSearch,
  beforeLoad: allowedTo('view', { menu: 'mesDocuments' }),
  component: lazyScreen(() => import('../features/documents/components/documents-page'), 'DocumentsPage'),
});

export const recentDocumentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-documents/documents-recents',
  staticData: { title: 'Documents récents' },
  beforeLoad: allowedTo('view', { menu: 'mesDocuments' }),
  component: lazyScreen(() => import('../features/documents/components/recent-documents-page'), 'RecentDocumentsPage'),
});

export const documentsRoutes = [documentsRoute, recentDocumentsRoute];
