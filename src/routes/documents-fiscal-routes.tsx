import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// /fiscadas/{id} (NAV-5, decision 045): a fiscal document, read like « Mes documents ».
export const fiscalDocumentRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fiscadas/$id',
  staticData: { title: 'Document fiscal' },
  beforeLoad: allowedTo('view', { menu: 'mesDocuments' }),
  component: lazyScreen(() => import('../features/documents-fiscal/fiscal-document-page'), 'FiscalDocumentPage'),
});

export const documentsFiscalRoutes = [fiscalDocumentRoute];
