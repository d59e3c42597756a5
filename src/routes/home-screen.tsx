import { IconFileInvoice } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { hasMenuRight } from '../domain/rights';
import { HomePage, type Shortcut } from '../features/home/home-page';
import { profileAtom } from '../lib/session';
import { moduleShortcuts } from './shortcuts';

/** Composes the home page with the shortcuts of the modules the user's rights open. */
export function HomeScreen() {
  const rights = useAtomValue(profileAtom)?.appRights ?? [];
  const shortcuts: Shortcut[] = moduleShortcuts.filter((s) => hasMenuRight(rights, s.menu, 'view'));
  if (!hasMenuRight(rights, 'mesFactures', 'view')) {
    shortcuts.push({ label: 'Mes factures (gratuit)', description: 'Découvrez le module de facturation et activez-le.', to: '/mes-factures/presentation', icon: IconFileInvoice });
  }
  return <HomePage shortcuts={shortcuts} />;
}
