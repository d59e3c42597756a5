import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '../../../components/page/list-pagination';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatDateTime } from '../../../domain/format';
import { auditData } from '../admin-data';
import { ACTION_LABELS, summarize } from '../audit-summary';

const PAGE_SIZE = 25;

/** « Journal des droits »: who changed whose access in this company, when, and what changed. */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const read = useServerData(auditData, { page, pageSize: PAGE_SIZE });
  const entries = read.data?.items ?? [];
  const phone = usePhone();
  return (
    <Stack gap="sm">
      {read.loading && (
        <Group>
          <Loader size="sm" />
          <Text>Chargement du journal…</Text>
        </Group>
      )}
      {read.error && !read.data && (
        <Alert color="red" role="alert">
          {read.error.message ?? 'Le journal des droits n’a pas pu être lu.'}
        </Alert>
      )}
      {read.data && entries.length === 0 && (
        <Text c="dimmed">Aucun changement de droits enregistré pour cette société.</Text>
      )}
      {entries.length > 0 && phone && (
        // On a phone, one card per change: the five columns scrolled sideways, the detail out of sight.
        <ul role="list" aria-label="Journal des droits" style={CARD_LIST}>
          {entries.map((e) => (
            <li key={e.id} style={{ ...CARD, flexDirection: 'column', gap: 2 }}>
              <Text size="sm" fw={600}>
                {ACTION_LABELS[e.action] ?? e.action} : {e.target.label}
              </Text>
              {summarize(e).map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                par {e.actor.label}, le {formatDateTime(e.at)}
              </Text>
            </li>
          ))}
        </ul>
      )}
      {entries.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs" aria-label="Journal des droits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Auteur</Table.Th>
                <Table.Th scope="col">Utilisateur</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
                <Table.Th scope="col">Détail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>{e.actor.label}</Table.Td>
                  <Table.Td>{e.target.label}</Table.Td>
                  <Table.Td>{ACTION_LABELS[e.action] ?? e.action}</Table.Td>
                  <Table.Td>
                    {summarize(e).map((line) => (
                      <Text key={line} size="sm">
                        {line}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {read.data && read.data.total > 0 && (
        <ListPagination page={page} pageSize={PAGE_SIZE} total={read.data.total} onChange={setPage} />
      )}
    </Stack>
  );
}
