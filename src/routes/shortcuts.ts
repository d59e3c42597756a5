import {
  IconCalculator,
  IconCashRegister,
  IconFileInvoice,
  IconFolder,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Menu } from '../domain/rights';

export interface ModuleShortcut {
  label: string;
  description: string;
  to: string;
  menu: Menu;
  icon: ComponentType<{ size?: number }>;
}

/** Home page shortcuts; modules add theirs when their screens exist. */
export const moduleShortcuts: ModuleShortcut[] = [
  {
    label: 'Mes documents',
    description: 'Consultez et téléchargez les documents de votre cabinet.',
    to: '/mes-documents',
    menu: 'mesDocuments',
    icon: IconFolder,
  },
  {
    label: 'Déposer des fichiers',
    description: 'Transmettez vos pièces à votre cabinet dans votre bannette.',
    to: '/ma-bannette/deposer',
    menu: 'maBannette',
    icon: IconUpload,
  },
  {
    label: 'Ma comptabilité',
    description: 'Consultez votre résultat, votre grand livre et répondez aux questions du cabinet.',
    to: '/ma-comptabilite/dashboard',
    menu: 'maComptabilite',
    icon: IconCalculator,
  },
  {
    label: 'Mes caisses',
    description: 'Saisissez et clôturez la journée de vos caisses, vérifiez leur intégrité.',
    to: '/mes-caisses',
    menu: 'mesCaisses',
    icon: IconCashRegister,
  },
  {
    label: 'Mes factures',
    description: 'Suivez vos factures et devis : brouillons, paiements et retards.',
    to: '/mes-factures/liste-des-factures',
    menu: 'mesFactures',
    icon: IconFileInvoice,
  },
  {
    label: 'Mes clients',
    description: 'Retrouvez vos clients, leurs adresses et leurs conditions de paiement.',
    to: '/mes-factures/mes-clients',
    menu: 'mesFactures',
    icon: IconUsers,
  },
];
