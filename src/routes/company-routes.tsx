import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// The company's presentation of the invoicing module and its legal details.

export const presentationRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/presentation',
  staticData: { title: 'Présentation du module de facturation' },
  component: lazyScreen(() => import('../features/company-presentation/presentation-page'), 'PresentationPage'),
});

// The seller's legal details, read by whoever sees the invoices (edited with 'edit').
export const legalDetailsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/mentions-legales',
  staticData: { title: 'Mentions légales de la société' },
  beforeLoad: allowedTo('view', { menu: 'mesFactures', child: 'listeFactures' }),
  component: lazyScreen(() => import('../features/company-legal/components/legal-details-page'), 'LegalDetailsPage'),
});

export const companyRoutes = [presentationRoute, legalDetailsRoute];
