import { IconFileInvoice } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { can } from '../domain/rights';
import { AccountingResultWidget } from '../features/accounting/components/accounting-result-widget';
import { CashDaysWidget } from '../features/cash-registers/components/cash-days-widget';
import { LastDocumentsWidget } from '../features/documents/components/last-documents-widget';
import { HomePage, type Shortcut } from '../features/home/home-page';
import { FirmDepositsWidget } from '../features/inbox/components/firm-deposits-widget';
import { PendingDepositsWidget } from '../features/inbox/components/pending-deposits-widget';
import { OpenQuotesWidget } from '../features/invoices-lists/components/open-quotes-widget';
import { ReceivablesWidget } from '../features/invoices-dashboard/components/receivables-widget';
import { UnreadNotificationsWidget } from '../features/notifications/components/unread-notifications-widget';
import { profileAtom } from '../lib/session';
import { homeBlocks, type HomeBlock } from './home-blocks';
import { moduleShortcuts } from './shortcuts';

const WIDGETS: Record<HomeBlock, ReactNode> = {
  firmDeposits: <FirmDepositsWidget key="firmDeposits" />,
  receivables: <ReceivablesWidget key="receivables" />,
  quotes: <OpenQuotesWidget key="quotes" />,
  documents: <LastDocumentsWidget key="documents" />,
  deposits: <PendingDepositsWidget key="deposits" />,
  accounting: <AccountingResultWidget key="accounting" />,
  cash: <CashDaysWidget key="cash" />,
  notifications: <UnreadNotificationsWidget key="notifications" />,
};

/** Composes the home page: each module's widget (home-blocks.ts) and shortcut, per the user's rights. */
export function HomeScreen() {
  const profile = useAtomValue(profileAtom);
  const invoicing = can(profile, 'view', { menu: 'mesFactures' });
  const widgets: ReactNode[] = homeBlocks(profile).map((block) => WIDGETS[block]);

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
