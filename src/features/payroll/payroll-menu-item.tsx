import { Menu } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { can } from '../../domain/rights';
import { useOnline } from '../../lib/online';
import { getBranding } from '../../lib/branding';
import { profileAtom } from '../../lib/session';
import { openPayroll } from './open-payroll';

/**
 * « Mon service de paie » in the profile menu (decision 045): shown with view on « Mon compte »,
 * the payroll service being one of the firm's services to the company. It opens the payroll host
 * in a new tab, signed in; offline it says it needs the connection.
 */
export function PayrollMenuItem() {
  const profile = useAtomValue(profileAtom);
  const online = useOnline();
  // No payroll service configured on this server: no entry that could only open and close a tab.
  if (!getBranding().payrollSso || !can(profile, 'view', { menu: 'monCompte' })) return null;
  return (
    <Menu.Item
      leftSection={<IconExternalLink size={16} />}
      disabled={!online}
      // Synchronous: window.open must run inside the click (openPayroll does it first).
      onClick={() => void openPayroll()}
      aria-description={online ? 'S’ouvre dans un nouvel onglet' : 'Nécessite une connexion'}
    >
      Mon service de paie
      {!online && (
        <>
          <br />
          <small>Nécessite une connexion</small>
        </>
      )}
    </Menu.Item>
  );
}
