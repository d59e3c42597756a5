import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../lib/lazy-screen';
import { appLayoutRoute } from './app-layout';
import { allowedTo } from './guard';

// Quote and invoice editors (decisions 002 and 003), guarded by can() (guard.ts).
const needs = (child: 'listeFactures' | 'listeDevis') => allowedTo('view', { menu: 'mesFactures', child });

/** A server id is a number (?id=12); a document created offline is known by 'tmp-…' until the server numbers it. */
const idOf = (v: unknown): string | number => (typeof v === 'number' ? v : v == null ? '' : String(v));
const idSearch = (search: Record<string, unknown>): { id: string | number } => ({ id: idOf(search.id) });
const newInvoiceSearch = (search: Record<string, unknown>): { avoir?: string | number } =>
  search.avoir == null ? {} : { avoir: idOf(search.avoir) };

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
  validateSearch: idSearch,
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
  validateSearch: idSearch,
  beforeLoad: needs('listeDevis'),
  component: quoteScreen,
});

// The sync panel's "Modifier" hook is installed with the signed-in layer (routes/signed-in-shell.tsx).
export const invoicesEditorRoutes = [newInvoiceRoute, editInvoiceRoute, newQuoteRoute, editQuoteRoute];
