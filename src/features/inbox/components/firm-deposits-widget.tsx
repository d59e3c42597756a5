import { Stack } from '@mantine/core';
import { IconFolderDown } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { formatCount, formatDate } from '../../../domain/format';
import { useDeposits } from '../use-deposits';

const QUERY = { page: 1, pageSize: 3, q: '', status: 'deposited' as const };

/** Home, for the firm: the files its clients deposited that nobody has filed yet, across companies. */
export function FirmDepositsWidget() {
  const page = useDeposits('admin', QUERY).data;
  const total = page && page !== 'error' ? page.total : 0;
  return (
    <HomeWidget
      title="À classer pour vos clients"
      icon={IconFolderDown}
      color="teal"
      loading={page === null}
      figure={page === 'error' ? undefined : formatCount(total, 'fichier')}
      detail={
        page === 'error'
          ? 'Les dépôts de vos clients s’affichent une fois la connexion revenue.'
          : total === 0
            ? 'Tous les dépôts de vos clients sont classés.'
            : 'déposés par les sociétés que vous suivez'
      }
      link={{ to: '/mes-depots', label: 'Classer les dépôts' }}
    >
      {page && page !== 'error' && page.items.length > 0 && (
        <Stack gap={4}>
          {page.items.map((d) => (
            <WidgetRow key={d.id} label={`${d.company.label} : ${d.name}`} value={formatDate(d.createdAt)} />
          ))}
        </Stack>
      )}
    </HomeWidget>
  );
}
