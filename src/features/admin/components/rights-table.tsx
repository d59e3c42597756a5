import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import type { AppRight, Permission } from '../../../domain/rights';
import { ALL_PERMISSIONS } from '../../../domain/rights';
import { clampTo, holds, PERMISSION_LABELS, rightLabel, sortMenus, toggle, type RightPath } from '../rights-tree';

/**
 * The rights of one user in one company as a grid: a row per menu, its children indented below,
 * a column per permission. Only what the manager holds there (`limit`) has a checkbox, so nothing
 * beyond their own rights can be ticked. Each checkbox is named « Consulter (Mes documents) »: the
 * column heading alone would not say which row it belongs to.
 */
export function RightsTable({
  company,
  limit,
  value,
  onChange,
  lockedOwnCategories = false,
}: {
  company: string;
  /** « Catégories par utilisateur » on Mes documents comes with it, not to be unticked (decision 042). */
  lockedOwnCategories?: boolean;
  limit: readonly AppRight[];
  value: readonly AppRight[];
  onChange: (rights: AppRight[]) => void;
}) {
  const menus = sortMenus(limit);
  const columns = ALL_PERMISSIONS.filter((p) =>
    menus.some((m) => m.permissions.includes(p) || m.children.some((c) => c.permissions.includes(p))),
  );
  const rows: Array<RightPath & { name: string; depth: number }> = menus.flatMap((m) => [
    { menu: m.label, name: rightLabel(m.label), depth: 0 },
    ...m.children.map((c) => ({
      menu: m.label,
      child: c.label,
      name: `${rightLabel(m.label)} › ${rightLabel(c.label)}`,
      depth: 1,
    })),
  ]);
  const set = (path: RightPath, perm: Permission, on: boolean) => onChange(toggle(value, limit, path, perm, on));

  return (
    <>
      <Group gap="xs" mb="xs">
        <Button variant="default" size="sm" mih={44} onClick={() => onChange(clampTo(limit, limit))}>
          Tout accorder
        </Button>
        <Button variant="default" size="sm" mih={44} onClick={() => onChange([])}>
          Aucun droit
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={4}
          horizontalSpacing={6}
          aria-label={`Droits dans ${company}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Menu</Table.Th>
              {columns.map((p) => (
                <Table.Th key={p} scope="col" ta="center" fz="sm">
                  {PERMISSION_LABELS[p]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.menu}/${row.child ?? ''}`}>
                <Table.Th scope="row" fw={row.depth ? 400 : 600} pl={row.depth ? 32 : undefined}>
                  {row.depth ? rightLabel(row.child!) : row.name}
                </Table.Th>
                {columns.map((p) => (
                  <Table.Td key={p} ta="center">
                    {holds(limit, row, p) ? (
                      <Checkbox
                        aria-label={`${PERMISSION_LABELS[p]} (${row.name})`}
                        checked={holds(value, row, p)}
                        disabled={lockedOwnCategories && isOwnCategories(row, p)}
                        onChange={(e) => set(row, p, e.currentTarget.checked)}
                        size="md"
                        styles={{ body: { justifyContent: 'center' } }}
                        // 44 px touch target on a tablet around a 20 px box.
                        p={10}
                      />
                    ) : (
                      <Text c="dimmed" aria-hidden>
                        –
                      </Text>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lockedOwnCategories && (
        <Text size="sm" c="dimmed" mt={4}>
          Vous ne consultez vous-même que vos catégories de documents dans cette société : qui reçoit « Mes documents »
          y est tenu aussi (« Catégories par utilisateur » cochée d’office).
        </Text>
      )}
    </>
  );
}

const isOwnCategories = (row: RightPath, p: Permission) =>
  row.menu === 'mesDocuments' && !row.child && p === 'userGedRight';
