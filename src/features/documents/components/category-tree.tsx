import { Badge, NavLink, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFolder, IconFolders } from '@tabler/icons-react';
import type { CategoryTreeNode } from '../api/documents-api';

interface Props {
  tree: CategoryTreeNode[] | null;
  selected: number | null;
  expanded: ReadonlySet<number>;
  total: number | null;
  onSelect: (id: number | null) => void;
  onToggle: (id: number, open: boolean) => void;
}

function CountBadge({ count, unread }: { count: number; unread: number }) {
  return (
    <Badge size="sm" variant={unread > 0 ? 'filled' : 'light'} color={unread > 0 ? 'blue.8' : 'gray'}>
      {count}
      <VisuallyHidden>{` document${count > 1 ? 's' : ''}${unread > 0 ? `, dont ${unread} non lu${unread > 1 ? 's' : ''}` : ''}`}</VisuallyHidden>
    </Badge>
  );
}

/** The category tree (DOC-1): the firm's documents, then the files deposited and filed. */
export function CategoryTree({ tree, selected, expanded, total, onSelect, onToggle }: Props) {
  if (!tree) {
    return (
      <Stack gap="xs" aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  const node = (n: CategoryTreeNode) => (
    <NavLink
      key={n.id}
      component="button"
      label={n.label}
      leftSection={<IconFolder size={18} />}
      rightSection={<CountBadge count={n.count} unread={n.unread} />}
      active={selected === n.id}
      aria-current={selected === n.id ? 'true' : undefined}
      opened={n.children.length > 0 ? expanded.has(n.id) : undefined}
      onChange={(open) => onToggle(n.id, open)}
      onClick={() => onSelect(n.id)}
      childrenOffset={16}
      styles={{ root: { minHeight: 44 } }}
    >
      {n.children.length > 0 ? n.children.map(node) : undefined}
    </NavLink>
  );
  const ged = tree.filter((n) => n.scope === 'ged');
  const depot = tree.filter((n) => n.scope === 'depot');
  return (
    <nav aria-label="Catégories de documents">
      <NavLink
        component="button"
        label="Tous les documents"
        leftSection={<IconFolders size={18} />}
        active={selected === null}
        aria-current={selected === null ? 'true' : undefined}
        rightSection={total !== null ? <CountBadge count={total} unread={0} /> : undefined}
        onClick={() => onSelect(null)}
        styles={{ root: { minHeight: 44 } }}
      />
      {ged.length > 0 && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
          Documents du cabinet
        </Text>
      )}
      {ged.map(node)}
      {depot.length > 0 && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="md" mb={4} px="sm">
          Fichiers déposés
        </Text>
      )}
      {depot.map(node)}
      {tree.length === 0 && (
        <Text c="dimmed" size="sm" mt="sm">
          Aucune catégorie ne vous est ouverte. Contactez votre cabinet.
        </Text>
      )}
    </nav>
  );
}
