import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useServerData } from '../../../data/sync/use-server-data';
import { PageHeader } from '../../../components/page/page-header';
import { profileAtom } from '../../../lib/session';
import { fetchDocumentBlob } from '../api/notifications-api';
import { notificationData } from '../notifications-data';
import { notificationKind } from './notification-kind';
import { formatDateTime } from '../../../domain/format';

/** /notifications/{id}: opening it sets readAt (NOTIF-5); a document notification opens its document. */
export function NotificationPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const company = useAtomValue(profileAtom)?.userLastCompany;
  const navigate = useNavigate();
  const read = useServerData(notificationData, { id: Number(id) });
  const notification = read.data ?? null;
  // ERR-12: a notification that cannot be read → the toast (notifications-data.ts), then the list
  // (offline too, when the device does not keep it: the list shows those it keeps).
  const failed = !notification && (read.status === 'error' || read.status === 'offline');
  useEffect(() => {
    if (failed) void navigate({ to: '/notifications' });
  }, [failed, navigate]);
  // NOTIF-1: an information request (type 2), once read, opens the demande-information page on it.
  const request = notification?.type === 2 ? notification.id : null;
  useEffect(() => {
    if (request)
      void navigate({ to: '/ma-comptabilite/demande-information', search: { notification: request }, replace: true });
  }, [request, navigate]);

  async function open(mode: 'view' | 'download') {
    if (!notification?.documentId || company == null) return;
    try {
      const url = URL.createObjectURL(await fetchDocumentBlob(company, notification.documentId, mode));
      if (mode === 'view') window.open(url, '_blank', 'noopener');
      else Object.assign(document.createElement('a'), { href: url, download: notification.label }).click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      /* ERR-13: download failures are silent */
    }
  }

  if (!notification)
    return (
      <Stack maw={860}>
        <Skeleton h={40} w={300} />
        <Skeleton h={120} />
      </Stack>
    );
  return (
    <Stack maw={860}>
      <PageHeader title={notificationKind(notification.type)} />
      <Card withBorder padding="lg">
        <Text fw={600} size="lg">
          {notification.label}
        </Text>
        <Text c="dimmed" size="sm" mt={4}>
          Reçue le {formatDateTime(notification.createdAt)}
        </Text>
        {notification.type === 1 && notification.documentId && (
          <Group mt="lg">
            <Button leftSection={<IconEye size={18} />} onClick={() => void open('view')}>
              Ouvrir le document
            </Button>
            <Button variant="default" leftSection={<IconDownload size={18} />} onClick={() => void open('download')}>
              Télécharger
            </Button>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
