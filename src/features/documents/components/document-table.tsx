import { ActionIcon, Anchor, Badge, Checkbox, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { formatFileSize } from '../../../lib/file-size';
import { instantDayFr } from '../../../lib/format-instant';
import { downloadDocument, type DocumentItem } from '../api/documents-api';
import { pageSelection } from '../list-state';

interface Props {
  items: DocumentItem[] | null;
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
  onTogglePage?: () => void;
  onPreview: (doc: DocumentItem) => void;
  canDownload: boolean;
}

/** Documents as a table: name (opens the preview), category, date, size, actions. */
export function DocumentTable({ items, selected, onToggle, onTogglePage, onPreview, canDownload }: Props) {
  const selectable = !!selected && canDownload;
  const head = selectable && items ? pageSelection(selected!, items.map((d) => d.id)) : 'none';
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={48}>
                <Checkbox aria-label="Sélectionner les documents de la page" checked={head === 'all'} indeterminate={head === 'some'} onChange={() => onTogglePage?.()} disabled={!items?.length} />
              </Table.Th>
            )}
            <Table.Th>Nom</Table.Th>
            <Table.Th>Catégorie</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Taille</Table.Th>
            <Table.Th w={110}><Text span size="sm" fw={700}>Actions</Text></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items === null &&
            Array.from({ length: 6 }, (_, i) => (
              <Table.Tr key={i}>
                {Array.from({ length: selectable ? 6 : 5 }, (_, j) => <Table.Td key={j}><Skeleton height={18} /></Table.Td>)}
              </Table.Tr>
            ))}
          {items?.map((doc) => (
            <Table.Tr key={doc.id}>
              {selectable && (
                <Table.Td>
                  <Checkbox aria-label={`Sélectionner ${doc.name}`} checked={selected!.has(doc.id)} onChange={() => onToggle?.(doc.id)} />
                </Table.Td>
              )}
              <Table.Td style={{ minWidth: 220 }}>
                <Anchor component="button" type="button" onClick={() => onPreview(doc)} fw={doc.readAt ? 400 : 600} ta="left" style={{ overflowWrap: 'break-word' }}>
                  {doc.name}
                </Anchor>
                {!doc.readAt && <Badge ml={8} size="sm" variant="light" style={{ verticalAlign: 'text-bottom', textTransform: 'none' }}>Nouveau</Badge>}
              </Table.Td>
              <Table.Td><Text size="sm">{doc.categoryPath}</Text></Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{instantDayFr(doc.createdAt)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatFileSize(doc.size)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Aperçu">
                    <ActionIcon variant="subtle" size={44} aria-label={`Aperçu de ${doc.name}`} onClick={() => onPreview(doc)}><IconEye size={20} /></ActionIcon>
                  </Tooltip>
                  {canDownload && (
                    <Tooltip label="Télécharger">
                      <ActionIcon variant="subtle" size={44} aria-label={`Télécharger ${doc.name}`} onClick={() => void downloadDocument(doc)}><IconDownload size={20} /></ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
