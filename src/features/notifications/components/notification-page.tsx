import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { formatDateTimeFr } from '../../../domain/dates';
import { readApiError } from '../../../lib/http';
import { profileAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { fetchDocumentBlob, fetchNotification, markNotificationRead, type AppNotification } from '../api/notifications-api';
import { notificationKind } from './notification-kind';

/** /notifications/{id}: opening it sets readAt (spec 4); a document notification opens its document. */
export function NotificationPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const company = useAtomValue(profileAtom)?.userLastCompany;
  const navigate = useNavigate();
  const [notification, setNotification] = useState<AppNotification | null>(null);

  useEffect(() => {
    if (company == null) return;
    let live = true;
    fetchNotification(company, Number(id))
      .then((n) => {
        if (!live) return;
        setNotification(n);
        if (n.readAt === null) void markNotificationRead(company, n.id, new Date().toISOString());
      })
      .catch(async (error) => {
        const e = await readApiError(error);
        toastError('Une erreur est survenue lors de la récupération de la notification.', e.message ?? undefined);
        void navigate({ to: '/notifications' });
      });
    return () => { live = false; };
  }, [company, id, navigate]);

  async function open(mode: 'view' | 'download') {
    if (!notification?.documentId || company == null) return;
    try {
      const url = URL.createObjectURL(await fetchDocumentBlob(company, notification.documentId, mode));
      if (mode === 'view') window.open(url, '_blank', 'noopener');
      else Object.assign(document.createElement('a'), { href: url, download: notification.label }).click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      /* spec 8: download failures are silent */
    }
  }

  if (!notification) return <Stack maw={860}><Skeleton h={40} w={300} /><Skeleton h={120} /></Stack>;
  return (
    <Stack maw={860}>
      <PageHeader title={notificationKind(notification.type)} />
      <Card withBorder padding="lg">
        <Text fw={600} size="lg">{notification.label}</Text>
        <Text c="dimmed" size="sm" mt={4}>Reçue le {formatDateTimeFr(notification.createdAt)}</Text>
        {notification.type === 1 && notification.documentId && (
          <Group mt="lg">
            <Button leftSection={<IconEye size={18} />} onClick={() => void open('view')}>Ouvrir le document</Button>
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={() => void open('download')}>Télécharger</Button>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
