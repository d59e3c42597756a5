import { ActionIcon, Anchor, Badge, Checkbox, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { CardCheckbox } from '../../../components/card-checkbox';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { downloadDocument, type DocumentItem } from '../api/documents-api';
import { pageSelection } from '../list-state';
import { CARD } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';
import { useRoomFor } from '../../../components/use-room';
import { formatBytes, formatDate } from '../../../domain/format';

interface Props {
  items: DocumentItem[] | null;
  selected?: ReadonlySet<number>;
  onToggle?: (id: number) => void;
  onTogglePage?: () => void;
  onPreview: (doc: DocumentItem) => void;
  canDownload: boolean;
}

/** The widest set of columns: box, name, category, date, size, actions. */
const ALL_COLUMNS = 720;

/**
 * Documents as a table: name (opens the preview), category, date, size, actions. Beside the category
 * tree on a 1 024 px screen, the table has about 650 px: the category goes under the name there,
 * instead of the actions past the table's edge, scrolled sideways.
 */
export function DocumentTable({ items, selected, onToggle, onTogglePage, onPreview, canDownload }: Props) {
  const selectable = !!selected && canDownload;
  const head =
    selectable && items
      ? pageSelection(
          selected!,
          items.map((d) => d.id),
        )
      : 'none';
  const phone = usePhone();
  const { ref, wide } = useRoomFor(ALL_COLUMNS);
  if (phone) {
    // On a phone, one card per document instead of columns cut off (decision 013).
    return (
      <DocumentCards
        items={items}
        selected={selectable ? selected! : null}
        head={head}
        onToggle={onToggle}
        onTogglePage={onTogglePage}
        onPreview={onPreview}
        canDownload={canDownload}
      />
    );
  }
  return (
    <div ref={ref}>
      <Table.ScrollContainer minWidth={wide ? ALL_COLUMNS : 560}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {selectable && (
                <Table.Th w={48}>
                  <Checkbox
                    aria-label="Sélectionner les documents de la page"
                    checked={head === 'all'}
                    indeterminate={head === 'some'}
                    onChange={() => onTogglePage?.()}
                    disabled={!items?.length}
                  />
                </Table.Th>
              )}
              <Table.Th>{wide ? 'Nom' : 'Nom et catégorie'}</Table.Th>
              {wide && <Table.Th>Catégorie</Table.Th>}
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Taille</Table.Th>
              <Table.Th w={110}>
                <Text span size="sm" fw={700}>
                  Actions
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items === null && <SkeletonRows rows={6} columns={(selectable ? 6 : 5) - (wide ? 0 : 1)} />}
            {items?.map((doc) => (
              <Table.Tr key={doc.id}>
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Sélectionner ${doc.name}`}
                      checked={selected!.has(doc.id)}
                      onChange={() => onToggle?.(doc.id)}
                    />
                  </Table.Td>
                )}
                <Table.Td style={{ minWidth: 220 }}>
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => onPreview(doc)}
                    fw={doc.readAt ? 400 : 600}
                    ta="left"
                    style={{ overflowWrap: 'break-word' }}
                  >
                    {doc.name}
                  </Anchor>
                  {!doc.readAt && (
                    <Badge
                      ml={8}
                      size="sm"
                      variant="light"
                      style={{ verticalAlign: 'text-bottom', textTransform: 'none' }}
                    >
                      Nouveau
                    </Badge>
                  )}
                  {!wide && (
                    <Text size="xs" c="dimmed">
                      {doc.categoryPath}
                    </Text>
                  )}
                </Table.Td>
                {wide && (
                  <Table.Td>
                    <Text size="sm">{doc.categoryPath}</Text>
                  </Table.Td>
                )}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.createdAt)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatBytes(doc.size)}
                </Table.Td>
                <Table.Td>
                  <DocumentActions doc={doc} onPreview={onPreview} canDownload={canDownload} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/**
 * « Aperçu » and « Télécharger » of one document, 44 px each. In a table each has a tooltip; on a
 * phone's card (no hover) its name is its title.
 */
function DocumentActions({
  doc,
  onPreview,
  canDownload,
  phone = false,
}: Pick<Props, 'onPreview' | 'canDownload'> & { doc: DocumentItem; phone?: boolean }) {
  const action = (label: string, name: string, onClick: () => void, icon: React.ReactNode) => {
    const button = (
      <ActionIcon variant="subtle" size={44} title={phone ? label : undefined} aria-label={name} onClick={onClick}>
        {icon}
      </ActionIcon>
    );
    return phone ? button : <Tooltip label={label}>{button}</Tooltip>;
  };
  return (
    <Group gap={phone ? 0 : 4} wrap="nowrap" style={phone ? { flexShrink: 0 } : undefined}>
      {action('Aperçu', `Aperçu de ${doc.name}`, () => onPreview(doc), <IconEye size={20} />)}
      {canDownload &&
        action('Télécharger', `Télécharger ${doc.name}`, () => void downloadDocument(doc), <IconDownload size={20} />)}
    </Group>
  );
}

/** The phone's list: one card per document (name, « Nouveau », category, date and size, its actions). */
function DocumentCards({
  items,
  selected,
  head,
  onToggle,
  onTogglePage,
  onPreview,
  canDownload,
}: Omit<Props, 'selected'> & { selected: ReadonlySet<number> | null; head: string }) {
  return (
    <Stack gap={8}>
      {selected && !!items?.length && (
        <Checkbox
          label="Sélectionner les documents de la page"
          checked={head === 'all'}
          indeterminate={head === 'some'}
          onChange={() => onTogglePage?.()}
        />
      )}
      <ul
        role="list"
        aria-label="Documents"
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
        {items?.map((doc) => (
          <li key={doc.id} style={CARD}>
            {selected && (
              <CardCheckbox
                label={`Sélectionner ${doc.name}`}
                checked={selected.has(doc.id)}
                onChange={() => onToggle?.(doc.id)}
              />
            )}
            <div style={{ flex: 1, minWidth: 0 }}>
              <Anchor
                component="button"
                type="button"
                onClick={() => onPreview(doc)}
                fw={doc.readAt ? 400 : 600}
                ta="left"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {doc.name}
              </Anchor>
              {!doc.readAt && (
                <div>
                  <Badge size="sm" variant="light" style={{ textTransform: 'none' }}>
                    Nouveau
                  </Badge>
                </div>
              )}
              <Text size="xs" c="dimmed" mt={2}>
                {doc.categoryPath}
              </Text>
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatDate(doc.createdAt)} · {formatBytes(doc.size)}
              </Text>
            </div>
            <DocumentActions doc={doc} onPreview={onPreview} canDownload={canDownload} phone />
          </li>
        ))}
      </ul>
    </Stack>
  );
}
