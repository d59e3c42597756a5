import { IconFolderDown } from '@tabler/icons-react';
import { DepositsWidget } from './deposits-widget';

const QUERY = { page: 1, pageSize: 3, q: '', status: 'deposited' as const };
const TEXTS = {
  offline: 'Les dépôts de vos clients s’affichent une fois la connexion revenue.',
  none: 'Tous les dépôts de vos clients sont classés.',
  some: 'déposés par les sociétés que vous suivez',
};

/** Home, for the firm: the files its clients deposited that nobody has filed yet, across companies. */
export function FirmDepositsWidget() {
  return (
    <DepositsWidget
      kind="admin"
      query={QUERY}
      title="À classer pour vos clients"
      icon={IconFolderDown}
      color="teal"
      texts={TEXTS}
      link={{ to: '/mes-depots', label: 'Classer les dépôts' }}
      showCompany
    />
  );
}
