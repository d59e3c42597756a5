import { ActionIcon, Badge, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState, type CSSProperties } from 'react';
import { discardOutboxEntry, type OutboxEntry } from '../../../data/outbox';
import { useOutboxEntries } from '../../../data/outbox-hooks';
import { categoryPathLabel } from '../../../domain/document-categories';
import { profileAtom } from '../../../lib/session';
import { queuedDeposits } from '../api/upload-to-inbox';
import { DiscardQueuedModal } from './discard-queued-modal';
import { formatBytes, formatDateTime } from '../../../domain/format';

// Explicit pairs at 4.5:1 or more (Mantine's light yellow/red badges are below it).
const BADGES: Record<OutboxEntry['state'], { label: string; bg: string; fg: string }> = {
  pending: { label: 'En attente d’envoi', bg: '#fff3bf', fg: '#5f4300' },
  sending: { label: 'Envoi en cours', bg: '#e7f0fa', fg: '#1c4f86' },
  failed: { label: 'Refusé par le serveur', bg: '#ffe3e3', fg: '#8a1c1c' },
};

/** Top of /ma-bannette: the company's deposits still on this device (offline, or refused on replay). */
export function QueuedDeposits() {
  const companyId = useAtomValue(profileAtom)?.userLastCompany;
  const entries = queuedDeposits(useOutboxEntries(), companyId);
  const [toDiscard, setToDiscard] = useState<OutboxEntry | null>(null);
  if (entries.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Fichiers en attente d’envoi
        </Title>
        <Text size="sm" c="dimmed">
          Enregistrés sur cet appareil, ils seront déposés dans votre bannette au retour du réseau.
        </Text>
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fichier</Table.Th>
                <Table.Th>Catégorie</Table.Th>
                <Table.Th>Enregistré le</Table.Th>
                <Table.Th>Statut</Table.Th>
                <Table.Th w={64}>
                  <Text span size="sm" fw={700}>
                    Actions
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => {
                const name = e.file!.name;
                const badge = BADGES[e.state];
                const category = Number(e.file!.extra.category);
                return (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ minWidth: 200 }}>
                      <Text fw={500} style={{ overflowWrap: 'break-word' }}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatBytes(e.file!.blob.size)}
                      </Text>
                      {e.state === 'failed' && e.lastError && (
                        <Text size="sm" c="red.8">
                          {e.lastError.message}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{Number.isFinite(category) ? categoryPathLabel(category) : ''}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateTime(new Date(e.createdAt).toISOString())}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        variant="light"
                        size="md"
                        style={
                          {
                            '--badge-bg': badge.bg,
                            '--badge-color': badge.fg,
                            textTransform: 'none',
                            maxWidth: 'none',
                          } as CSSProperties
                        }
                      >
                        {badge.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {e.state !== 'sending' && (
                        <Tooltip label="Annuler l’envoi">
                          <ActionIcon
                            size={44}
                            variant="subtle"
                            color="red"
                            aria-label={`Annuler l’envoi de ${name}`}
                            onClick={() => setToDiscard(e)}
                          >
                            <IconX size={20} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <DiscardQueuedModal
        name={toDiscard?.file?.name ?? null}
        onClose={() => setToDiscard(null)}
        onConfirm={() => discardOutboxEntry(toDiscard!.id)}
      />
    </Paper>
  );
}
