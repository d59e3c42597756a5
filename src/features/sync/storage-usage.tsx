import { Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { estimateStorage } from '../../data/storage';
import { formatBytes } from '../../domain/format';

/** "12,4 Mo utilisés sur 2,1 Go", re-read whenever the panel opens. */
export function StorageUsage({ refreshKey }: { refreshKey: unknown }) {
  // A device read like the others (decision 022): re-run when the panel opens again.
  const estimate = useLiveQuery(() => estimateStorage(), [refreshKey]);
  if (estimate === undefined) return null;
  if (estimate === null)
    return (
      <Text size="sm" c="dimmed">
        Espace de stockage utilisé : inconnu sur ce navigateur.
      </Text>
    );
  return (
    <div>
      <Text size="sm">
        Stockage sur cet appareil : {formatBytes(estimate.usage)} utilisés sur {formatBytes(estimate.quota)}
      </Text>
      {!estimate.persisted && (
        <Text size="xs" c="dimmed">
          Le navigateur peut effacer ces données si l’appareil manque d’espace.
        </Text>
      )}
    </div>
  );
}
