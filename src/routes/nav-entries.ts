import { IconFileInvoice, IconHome } from '@tabler/icons-react';
import type { NavEntry } from '../components/layout/nav-types';

/**
 * The drawer of spec 2.3. Modules add their entry when their screens exist; the invoices entry is
 * always shown, as a "Gratuit" promotion link when the right is missing.
 */
export const navEntries: NavEntry[] = [
  { key: 'home', label: 'Accueil', icon: IconHome, to: '/' },
  {
    key: 'invoices',
    label: 'Mes factures',
    icon: IconFileInvoice,
    menu: 'mesFactures',
    to: '/mes-factures/presentation',
    children: [],
    promotion: { to: '/mes-factures/presentation', badge: 'Gratuit' },
  },
];
