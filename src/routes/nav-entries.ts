import {
  IconCalculator,
  IconCashRegister,
  IconBuildingBank,
  IconFileInvoice,
  IconFolder,
  IconHome,
  IconInbox,
} from '@tabler/icons-react';
import type { NavEntry } from '../components/layout/nav-types';
import { accountPaths } from '../features/my-account';
import { getBranding } from '../lib/branding';

// « Mon compte »: its paths carry the product's slug (NAV-4), as its routes do.
const account = accountPaths();

/**
 * The drawer of NAV-9. Modules add their entry when their screens exist; the invoices entry is
 * always shown, as a "Gratuit" promotion link when the right is missing.
 */
export const navEntries: NavEntry[] = [
  { key: 'home', label: 'Accueil', icon: IconHome, to: '/' },
  {
    key: 'documents',
    label: 'Mes documents',
    icon: IconFolder,
    menu: 'mesDocuments',
    children: [
      { label: 'Tous mes documents', to: '/mes-documents' },
      { label: 'Documents récents', to: '/mes-documents/documents-recents' },
    ],
  },
  {
    key: 'inbox',
    label: 'Ma bannette',
    icon: IconInbox,
    menu: 'maBannette',
    children: [
      { label: 'Consulter ma bannette', to: '/ma-bannette' },
      { label: 'Déposer des fichiers', to: '/ma-bannette/deposer' },
    ],
  },
  {
    key: 'account',
    label: 'Mon compte',
    icon: IconBuildingBank,
    menu: 'monCompte',
    children: [
      { label: `Mes factures ${getBranding().productName}`, to: account.invoices },
      { label: 'Extrait de compte', to: account.statement },
    ],
  },
  {
    key: 'accounting',
    label: 'Ma comptabilité',
    icon: IconCalculator,
    menu: 'maComptabilite',
    children: [
      { label: 'Tableau de bord comptable', to: '/ma-comptabilite/dashboard' },
      { label: 'Grand livre', to: '/ma-comptabilite/grand-livre' },
      { label: 'Recherche d’écritures', to: '/ma-comptabilite/recherche' },
      { label: 'Demandes d’information', to: '/ma-comptabilite/demande-information' },
      { label: 'Importer un FEC', to: '/ma-comptabilite/importer-fec', capability: 'firm' },
    ],
  },
  {
    key: 'cashRegisters',
    label: 'Mes caisses',
    icon: IconCashRegister,
    menu: 'mesCaisses',
    children: [
      { label: 'Mes caisses', to: '/mes-caisses' },
      { label: 'Journées', to: '/mes-caisses/journées' },
      { label: 'Tableau de bord des caisses', to: '/mes-caisses/dashboard' },
    ],
  },
  {
    key: 'invoices',
    label: 'Mes factures',
    icon: IconFileInvoice,
    menu: 'mesFactures',
    to: '/mes-factures/presentation',
    children: [
      { label: 'Tableau de bord', to: '/mes-factures/dashboard', child: 'listeFactures' },
      { label: 'Liste des devis', to: '/mes-factures/liste-des-devis', child: 'listeDevis' },
      { label: 'Liste des factures', to: '/mes-factures/liste-des-factures', child: 'listeFactures' },
      { label: 'Mes clients', to: '/mes-factures/mes-clients', child: 'gestionClients' },
      { label: 'Mes articles', to: '/mes-factures/mes-articles', child: 'gestionArticles' },
      { label: 'Factures reçues', to: '/mes-factures/factures-recues', menu: 'maBannette' },
      { label: 'Mentions légales', to: '/mes-factures/mentions-legales', child: 'listeFactures' },
      // Decision 088: the firm's staff and the company's user administrator.
      { label: 'Plateforme agréée', to: '/mes-factures/plateforme', capability: 'managePlatform' },
    ],
    promotion: { to: '/mes-factures/presentation', badge: 'Gratuit' },
  },
];
