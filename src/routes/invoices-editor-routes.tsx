import { createRoute } from '@tanstack/react-router';
import { editSearch, newInvoiceSearch } from '../features/invoices-editor/editor-search';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// Quote and invoice editors (decisions 002 and 003), guarded by can() (guard.ts).
const needs = (child: 'listeFactures' | 'listeDevis') => allowedTo('view', { menu: 'mesFactures', child });

const invoiceScreen = lazyScreen(
  () => import('../features/invoices-editor/components/editor-screen'),
  'InvoiceEditorScreen',
);
const quoteScreen = lazyScreen(
  () => import('../features/invoices-editor/components/editor-screen'),
  'QuoteEditorScreen',
);

export const newInvoiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/ajouter-facture',
  staticData: { title: 'Nouvelle facture' },
  validateSearch: newInvoiceSearch,
  beforeLoad: needs('listeFactures'),
  component: invoiceScreen,
});
export const editInvoiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/modifier-facture',
  staticData: { title: 'Modifier une facture' },
  validateSearch: editSearch,
  beforeLoad: needs('listeFactures'),
  component: invoiceScreen,
});
export const newQuoteRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/ajouter-devis',
  staticData: { title: 'Nouveau devis' },
  beforeLoad: needs('listeDevis'),
  component: quoteScreen,
});
export const editQuoteRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/mes-factures/modifier-devis',
  staticData: { title: 'Modifier un devis' },
  validateSearch: editSearch,
  beforeLoad: needs('listeDevis'),
  component: quoteScreen,
});

// The sync panel's "Modifier" hook is installed with the signed-in layer (routes/signed-in-shell.tsx).
export const invoicesEditorRoutes = [newInvoiceRoute, editInvoiceRoute, newQuoteRoute, editQuoteRoute];
