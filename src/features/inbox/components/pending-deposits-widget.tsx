import { Stack } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { useDeposits } from '../use-deposits';
import { formatCount, formatDate } from '../../../domain/format';

const QUERY = { page: 1, pageSize: 3, q: '' };

/** Home: files deposited in the inbox that the firm has not filed yet. */
export function PendingDepositsWidget() {
  const page = useDeposits('inbox', QUERY).data;
  const total = page && page !== 'error' ? page.total : 0;
  return (
    <HomeWidget
      title="Dépôts en attente"
      icon={IconInbox}
      color="grape"
      loading={page === null}
      figure={page === 'error' ? undefined : formatCount(total, 'fichier')}
      detail={
        page === 'error'
          ? 'La bannette s’affiche une fois la connexion revenue.'
          : total === 0
            ? 'Le cabinet a tout traité.'
            : 'en attente de traitement par le cabinet'
      }
      link={{ to: '/ma-bannette', label: 'Consulter ma bannette' }}
    >
      {page && page !== 'error' && page.items.length > 0 && (
        <Stack gap={4}>
          {page.items.map((d) => (
            <WidgetRow key={d.id} label={d.name} value={formatDate(d.createdAt)} />
          ))}
        </Stack>
      )}
    </HomeWidget>
  );
}
