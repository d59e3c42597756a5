import { Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useOnline } from '../../lib/online';
import { formatDateTime } from '../../domain/format';

/**
 * Offline only: the age of the local copy a screen shows, "Données du 21/11/2026 à 14:05".
 * fetchedAt comes from the read hooks (src/data/sync/use-server-rows.ts: useServerRows().fetchedAt,
 * useTablesAge; src/data/sync/use-server-data.ts: useServerData().fetchedAt).
 */
export function DataAge({ fetchedAt, always = false }: { fetchedAt: number | null | undefined; always?: boolean }) {
  const online = useOnline();
  if (online && !always) return null;
  return (
    <Text size="sm" c="dimmed" role="status" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <IconCloudOff size={16} aria-hidden />
      {fetchedAt
        ? `Données du ${formatDateTime(new Date(fetchedAt).toISOString())}`
        : 'Aucune donnée enregistrée sur cet appareil'}
    </Text>
  );
}
