import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { formatDateTimeFr } from '../../../domain/dates';
import { profileAtom } from '../../../lib/session';
import { fetchNotificationsPage, type AppNotification } from '../api/notifications-api';
import { notificationKind } from './notification-kind';

/** /notifications: every notification of the user in the current company, newest first. */
export function NotificationsPage() {
  const company = useAtomValue(profileAtom)?.userLastCompany;
  const [items, setItems] = useState<AppNotification[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (company == null) return;
    let live = true;
    fetchNotificationsPage(company, page)
      .then((res) => {
        if (!live) return;
        setItems((prev) => (page === 1 ? res.items : [...(prev ?? []), ...res.items]));
        setTotal(res.total);
      })
      .catch(() => live && setFailed(true));
    return () => { live = false; };
  }, [company, page]);

  return (
    <Stack maw={860}>
      <PageHeader title="Notifications" description={items ? `${total} notification${total > 1 ? 's' : ''}` : undefined} />
      {failed && <Text>Les notifications ne peuvent pas être chargées pour le moment. Vérifiez votre connexion puis rechargez la page.</Text>}
      {!items && !failed && [0, 1, 2].map((i) => <Skeleton key={i} h={64} />)}
      {items?.length === 0 && <Text c="dimmed">Pas de nouvelle notifications</Text>}
      {items?.map((n) => (
        <Link key={n.id} to="/notifications/$id" params={{ id: String(n.id) }} style={{ textDecoration: 'none', color: 'inherit' }}>
          <Card withBorder padding="md" bg={n.readAt === null ? 'var(--mantine-color-blue-light)' : undefined}>
            <Group justify="space-between" wrap="nowrap">
              {/* The text gives way, never the badge (on a phone a long label squeezed it to "N…"). */}
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={n.readAt === null ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>{n.label}</Text>
                <Text size="sm" c="dimmed">{notificationKind(n.type)} · {formatDateTimeFr(n.createdAt)}</Text>
              </Stack>
              {n.readAt === null && <Badge style={{ flexShrink: 0 }}>Non lue</Badge>}
            </Group>
          </Card>
        </Link>
      ))}
      {items && items.length < total && <Button variant="default" onClick={() => setPage((p) => p + 1)}>Afficher plus de notifications</Button>}
    </Stack>
  );
}
