import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import type { BusinessDocumentList } from '../use-business-document-list';

interface Props {
  list: Pick<BusinessDocumentList<unknown>, 'rows' | 'source' | 'fetchedAt' | 'serverFailed' | 'stale' | 'retry'>;
  countText: string;
  filtersActive: boolean;
  onReset: () => void;
  /** What the list holds: 'facture' / 'devis' (used in the French messages). */
  emptyTitle: string;
  emptyText: string;
  noMatch: string;
  createButton: ReactNode;
  filters: ReactNode;
  table: ReactNode;
}

/** The parts both list screens share: filters, count, the device-copy hint and the empty states. */
export function ListFrame({
  list,
  countText,
  filtersActive,
  onReset,
  emptyTitle,
  emptyText,
  noMatch,
  createButton,
  filters,
  table,
}: Props) {
  const loaded = list.rows !== undefined;
  return (
    <Stack gap="md">
      {filters}
      <Group justify="space-between" gap="sm" mih={24}>
        {list.source === 'device' ? <DataAge fetchedAt={list.fetchedAt} always /> : <span />}
        {loaded && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {countText}
          </Text>
        )}
      </Group>
      {list.serverFailed && (
        <Alert color="orange" title="Le serveur ne répond pas">
          <Group justify="space-between" gap="sm">
            <Text size="sm">La liste affichée est celle enregistrée sur cet appareil.</Text>
            <Button variant="light" color="orange" onClick={list.retry} mih={44}>
              Réessayer
            </Button>
          </Group>
        </Alert>
      )}
      {loaded && list.rows!.length === 0 && !list.stale ? (
        list.source === 'device' && list.fetchedAt === null && !filtersActive ? (
          <Stack align="center" py="xl" gap="sm">
            <Text fw={600}>Cette liste n’a pas encore été enregistrée sur cet appareil.</Text>
            <Text c="dimmed" size="sm">
              Elle s’affichera dès le retour de la connexion.
            </Text>
          </Stack>
        ) : filtersActive ? (
          <Stack align="center" py="xl" gap="sm">
            <Text fw={600}>{noMatch}</Text>
            <Button variant="light" onClick={onReset} mih={44}>
              Effacer les filtres
            </Button>
          </Stack>
        ) : (
          <Stack align="center" py="xl" gap="sm">
            <Text fw={600}>{emptyTitle}</Text>
            <Text c="dimmed" size="sm">
              {emptyText}
            </Text>
            {createButton}
          </Stack>
        )
      ) : (
        table
      )}
    </Stack>
  );
}
