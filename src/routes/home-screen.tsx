import { IconFileInvoice } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { can } from '../domain/rights';
import { LastDocumentsWidget } from '../features/documents/components/last-documents-widget';
import { HomePage, type Shortcut } from '../features/home/home-page';
import { PendingDepositsWidget } from '../features/inbox/components/pending-deposits-widget';
import { OpenQuotesWidget } from '../features/invoice-lists/components/open-quotes-widget';
import { ReceivablesWidget } from '../features/invoicing-dashboard/components/receivables-widget';
import { UnreadNotificationsWidget } from '../features/notifications/components/unread-notifications-widget';
import { profileAtom } from '../lib/session';
import { moduleShortcuts } from './shortcuts';

/** Composes the home page: each module's widget and shortcut, per the user's rights. */
export function HomeScreen() {
  const profile = useAtomValue(profileAtom);
  const invoicing = can(profile, 'view', { menu: 'mesFactures' });
  const widgets: ReactNode[] = [];
  if (invoicing && can(profile, 'view', { menu: 'mesFactures', child: 'listeFactures' }))
    widgets.push(<ReceivablesWidget key="receivables" />);
  if (invoicing && can(profile, 'view', { menu: 'mesFactures', child: 'listeDevis' }))
    widgets.push(<OpenQuotesWidget key="quotes" />);
  if (can(profile, 'view', { menu: 'mesDocuments' })) widgets.push(<LastDocumentsWidget key="documents" />);
  if (can(profile, 'view', { menu: 'maBannette' })) widgets.push(<PendingDepositsWidget key="deposits" />);
  widgets.push(<UnreadNotificationsWidget key="notifications" />);

  const shortcuts: Shortcut[] = moduleShortcuts.filter((s) => can(profile, 'view', { menu: s.menu }));
  if (!invoicing) {
    shortcuts.push({
      label: 'Mes factures (gratuit)',
      description: 'Découvrez le module de facturation et activez-le.',
      to: '/mes-factures/presentation',
      icon: IconFileInvoice,
    });
  }
  return <HomePage widgets={widgets} shortcuts={shortcuts} />;
}
