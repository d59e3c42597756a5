import { IconInbox } from '@tabler/icons-react';
import { DepositsWidget } from './deposits-widget';

const QUERY = { page: 1, pageSize: 3, q: '' };
const TEXTS = {
  offline: 'La bannette s’affiche une fois la connexion revenue.',
  none: 'Le cabinet a tout traité.',
  some: 'en attente de traitement par le cabinet',
};

/** Home: files deposited in the inbox that the firm has not filed yet. */
export function PendingDepositsWidget() {
  return (
    <DepositsWidget
      kind="inbox"
      query={QUERY}
      title="Dépôts en attente"
      icon={IconInbox}
      color="grape"
      texts={TEXTS}
      link={{ to: '/ma-bannette', label: 'Consulter ma bannette' }}
    />
  );
}
