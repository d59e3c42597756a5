import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatBytesFr } from '../../domain/byte-size';
import { estimateStorage, type StorageEstimateFr } from '../../data/storage';

/** "12,4 Mo utilisés sur 2,1 Go", re-read whenever the panel opens. */
export function StorageUsage({ refreshKey }: { refreshKey: unknown }) {
  const [estimate, setEstimate] = useState<StorageEstimateFr | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void estimateStorage().then((e) => alive && setEstimate(e));
    return () => {
      alive = false;
    };
  }, [refreshKey]);
  if (estimate === undefined) return null;
  if (estimate === null) return <Text size="sm" c="dimmed">Espace de stockage utilisé : inconnu sur ce navigateur.</Text>;
  return (
    <div>
      <Text size="sm">Stockage sur cet appareil : {formatBytesFr(estimate.usage)} utilisés sur {formatBytesFr(estimate.quota)}</Text>
      {!estimate.persisted && <Text size="xs" c="dimmed">Le navigateur peut effacer ces données si l’appareil manque d’espace.</Text>}
    </div>
  );
}
