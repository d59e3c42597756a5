import { Stack } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { instantDayFr } from '../../../lib/format-instant';
import { http } from '../../../lib/http';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import type { DocumentItem } from '../api/documents-api';

/** Home (spec 2.6 widget): the last documents the firm filed for this company. */
export function LastDocumentsWidget() {
  const user = useAtomValue(profileAtom)?.id;
  const company = useAtomValue(currentCompanyAtom)?.id;
  const online = useOnline();
  const [items, setItems] = useState<DocumentItem[] | null | 'error'>(null);
  useEffect(() => {
    if (user == null || company == null) return;
    if (!online) return setItems('error');
    const controller = new AbortController();
    setItems(null);
    http.get(`widgets/ged/last/user/${user}/company/${company}`, { signal: controller.signal, headers: { 'x-company-id': String(company) } })
      .json<{ items: DocumentItem[] }>()
      .then((r) => setItems(r.items), () => !controller.signal.aborted && setItems('error'));
    return () => controller.abort();
  }, [user, company, online]);

  const list = Array.isArray(items) ? items : [];
  const detail = items === 'error'
    ? (online ? 'Les derniers documents n’ont pas pu être chargés.' : 'Les documents s’affichent une fois la connexion revenue.')
    : list.length === 0 ? 'Aucun document reçu pour le moment.' : undefined;
  return (
    <HomeWidget title="Derniers documents reçus" icon={IconFolder} loading={items === null} detail={detail}
      link={{ to: '/mes-documents/documents-recents', label: 'Voir les documents récents' }}>
      {list.length > 0 && (
        <Stack gap={4}>
          {list.slice(0, 5).map((d) => <WidgetRow key={d.id} label={d.name} value={instantDayFr(d.createdAt)} />)}
        </Stack>
      )}
    </HomeWidget>
  );
}
