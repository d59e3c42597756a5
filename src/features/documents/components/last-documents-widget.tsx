import { Stack } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { useOnline } from '../../../lib/online';
import type { DocumentItem } from '../api/documents-api';
import { lastDocumentsData } from '../documents-data';
import { formatDate } from '../../../domain/format';

/** Home widget (NAV-23, DOC-4): the last documents the firm filed for this company. */
export function LastDocumentsWidget() {
  const online = useOnline();
  const read = useServerData(lastDocumentsData, NO_PARAMS);
  const items: DocumentItem[] | null | 'error' = read.data ?? (read.loading ? null : 'error');

  const list = Array.isArray(items) ? items : [];
  const detail =
    items === 'error'
      ? online
        ? 'Les derniers documents n’ont pas pu être chargés.'
        : 'Les documents s’affichent une fois la connexion revenue.'
      : list.length === 0
        ? 'Aucun document reçu pour le moment.'
        : undefined;
  return (
    <HomeWidget
      title="Derniers documents reçus"
      icon={IconFolder}
      loading={items === null}
      detail={detail}
      link={{ to: '/mes-documents/documents-recents', label: 'Voir les documents récents' }}
    >
      {list.length > 0 && (
        <Stack gap={4}>
          {list.slice(0, 5).map((d) => (
            <WidgetRow key={d.id} label={d.name} value={formatDate(d.createdAt)} />
          ))}
        </Stack>
      )}
    </HomeWidget>
  );
}
