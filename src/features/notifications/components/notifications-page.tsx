import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page/page-header';
import { useServerData } from '../../../data/sync/use-server-data';
import { notificationListData } from '../notifications-data';
import { notificationKind } from './notification-kind';
import { formatDateTime } from '../../../domain/format';

const route = getRouteApi('/app/notifications');

/** /notifications: every notification of the user in the current company, newest first. */
export function NotificationsPage() {
  // How many pages are shown lives in the URL (decision 022): back from a notification, the
  // list comes back as long as it was.
  const page = route.useSearch().page ?? 1;
  const navigate = route.useNavigate();
  const read = useServerData(notificationListData, { pages: page });
  const items = read.data?.items ?? null;
  const total = read.data?.total ?? 0;
  const failed = !items && !read.loading;

  return (
    <Stack maw={860}>
      <PageHeader
        title="Notifications"
        description={items ? `${total} notification${total > 1 ? 's' : ''}` : undefined}
      />
      {failed && (
        <Text>
          Les notifications ne peuvent pas être chargées pour le moment. Vérifiez votre connexion puis rechargez la
          page.
        </Text>
      )}
      {read.data?.kept && (
        <Text c="dimmed">
          Hors ligne : voici les dernières notifications gardées sur cet appareil. La liste complète revient avec la
          connexion.
        </Text>
      )}
      {!items && !failed && [0, 1, 2].map((i) => <Skeleton key={i} h={64} />)}
      {items?.length === 0 && <Text c="dimmed">Pas de nouvelle notifications</Text>}
      {items?.map((n) => (
        <Link
          key={n.id}
          to="/notifications/$id"
          params={{ id: String(n.id) }}
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
          <Card withBorder padding="md" bg={n.readAt === null ? 'var(--mantine-color-blue-light)' : undefined}>
            <Group justify="space-between" wrap="nowrap">
              {/* The text gives way, never the badge (on a phone a long label squeezed it to "N…"). */}
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={n.readAt === null ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                  {n.label}
                </Text>
                <Text size="sm" c="dimmed">
                  {notificationKind(n.type)} · {formatDateTime(n.createdAt)}
                </Text>
              </Stack>
              {n.readAt === null && <Badge style={{ flexShrink: 0 }}>Non lue</Badge>}
            </Group>
          </Card>
        </Link>
      ))}
      {items && items.length < total && (
        <Button variant="default" onClick={() => void navigate({ search: { page: page + 1 }, replace: true })}>
          Afficher plus de notifications
        </Button>
      )}
    </Stack>
  );
}
