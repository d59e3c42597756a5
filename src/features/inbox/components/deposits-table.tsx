import { ActionIcon, Checkbox, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { CardCheckbox } from '../../../components/card-checkbox';
import { IconTrash } from '@tabler/icons-react';
import { depositDeletionRefusal } from '../../../domain/deposits';
import type { DepositItem } from '../api/inbox-types';
import { DepositStatusBadge } from './status-badge';
import { CARD } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';
import { formatBytes, formatDateTime } from '../../../domain/format';

interface Props {
  items: DepositItem[] | null;
  viewerId: number;
  showCompany?: boolean;
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
  onTogglePage?: () => void;
  onDelete?: (item: DepositItem) => void;
}

/** Deposited files: name, category, who and when, processing status; selection and withdrawal when allowed. */
export function DepositsTable({ items, viewerId, showCompany, selected, onToggle, onTogglePage, onDelete }: Props) {
  const selectable = !!selected;
  const onPage = items?.map((d) => d.id) ?? [];
  const checkedOnPage = onPage.filter((id) => selected?.has(id)).length;
  const columns = 4 + (selectable ? 1 : 0) + (showCompany ? 1 : 0) + (onDelete ? 1 : 0);
  const phone = usePhone();
  if (phone) {
    // On a phone, one card per file instead of columns cut off (decision 013).
    return (
      <DepositCards
        items={items}
        viewerId={viewerId}
        showCompany={showCompany}
        selected={selected}
        onToggle={onToggle}
        onTogglePage={onTogglePage}
        onDelete={onDelete}
      />
    );
  }
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={48}>
                <Checkbox
                  aria-label="Sélectionner les fichiers de la page"
                  checked={onPage.length > 0 && checkedOnPage === onPage.length}
                  indeterminate={checkedOnPage > 0 && checkedOnPage < onPage.length}
                  onChange={() => onTogglePage?.()}
                  disabled={onPage.length === 0}
                />
              </Table.Th>
            )}
            <Table.Th>Fichier</Table.Th>
            {showCompany && <Table.Th>Société</Table.Th>}
            <Table.Th>Catégorie</Table.Th>
            <Table.Th>Déposé le</Table.Th>
            <Table.Th>Statut</Table.Th>
            {onDelete && (
              <Table.Th w={64}>
                <Text span size="sm" fw={700}>
                  Actions
                </Text>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items === null && <SkeletonRows rows={5} columns={columns} />}
          {items?.map((d) => (
            <Table.Tr key={d.id}>
              {selectable && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Sélectionner ${d.name}`}
                    checked={selected!.has(d.id)}
                    onChange={() => onToggle?.(d.id)}
                  />
                </Table.Td>
              )}
              <Table.Td style={{ minWidth: 200 }}>
                <Text fw={500} style={{ overflowWrap: 'break-word' }}>
                  {d.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(d.size)} · déposé par{' '}
                  {d.mine ? 'vous' : `${d.depositedBy.firstName} ${d.depositedBy.name}`}
                </Text>
              </Table.Td>
              {showCompany && <Table.Td>{d.company.label}</Table.Td>}
              <Table.Td>
                <Text size="sm">{d.categoryPath}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(d.createdAt).split(' à ')[0]}</Text>
                <Text size="xs" c="dimmed">
                  à {formatDateTime(d.createdAt).split(' à ')[1]}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DepositStatusBadge status={d.status} />
              </Table.Td>
              {onDelete && (
                <Table.Td>
                  {depositDeletionRefusal({ userId: d.depositedBy.id, status: d.status }, viewerId) === null && (
                    <Tooltip label="Supprimer">
                      <ActionIcon
                        size={44}
                        variant="subtle"
                        color="red"
                        aria-label={`Supprimer ${d.name}`}
                        onClick={() => onDelete(d)}
                      >
                        <IconTrash size={20} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The phone's list: one card per file (name, company, category, who and when, status, withdrawal). */
function DepositCards({ items, viewerId, showCompany, selected, onToggle, onTogglePage, onDelete }: Props) {
  const selectable = !!selected;
  const onPage = items?.map((d) => d.id) ?? [];
  const checkedOnPage = onPage.filter((id) => selected?.has(id)).length;
  return (
    <Stack gap={8}>
      {selectable && onPage.length > 0 && (
        <Checkbox
          label="Sélectionner les fichiers de la page"
          checked={checkedOnPage === onPage.length}
          indeterminate={checkedOnPage > 0 && checkedOnPage < onPage.length}
          onChange={() => onTogglePage?.()}
        />
      )}
      <ul
        role="list"
        aria-label="Fichiers déposés"
        aria-busy={items === null}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {items === null &&
          Array.from({ length: 4 }, (_, i) => (
            <li key={i} style={{ ...CARD, display: 'block' }}>
              <Skeleton height={16} mb={8} />
              <Skeleton height={14} width="60%" />
            </li>
          ))}
        {items?.map((d) => (
          <li key={d.id} style={CARD}>
            {selectable && (
              <CardCheckbox
                label={`Sélectionner ${d.name}`}
                checked={selected!.has(d.id)}
                onChange={() => onToggle?.(d.id)}
              />
            )}
            <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {d.name}
              </Text>
              {showCompany && <Text size="xs">{d.company.label}</Text>}
              <Text size="xs" c="dimmed">
                {d.categoryPath}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(d.size)} · déposé par{' '}
                {d.mine ? 'vous' : `${d.depositedBy.firstName} ${d.depositedBy.name}`} le {formatDateTime(d.createdAt)}
              </Text>
              <div>
                <DepositStatusBadge status={d.status} />
              </div>
            </div>
            {onDelete && depositDeletionRefusal({ userId: d.depositedBy.id, status: d.status }, viewerId) === null && (
              <ActionIcon
                size={44}
                variant="subtle"
                color="red"
                title="Supprimer"
                aria-label={`Supprimer ${d.name}`}
                onClick={() => onDelete(d)}
                style={{ flexShrink: 0 }}
              >
                <IconTrash size={20} />
              </ActionIcon>
            )}
          </li>
        ))}
      </ul>
    </Stack>
  );
}
