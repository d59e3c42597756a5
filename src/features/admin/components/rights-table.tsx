import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { NotOffered } from './not-offered';
import { usePhone } from '../../../components/use-phone';
import type { AppRight, Permission } from '../../../domain/rights';
import { ALL_PERMISSIONS } from '../../../domain/rights';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { clampTo, holds, PERMISSION_LABELS, rightLabel, sortMenus, toggle, type RightPath } from '../rights-tree';

/**
 * The rights of one user in one company as a grid: a row per menu, its children indented below,
 * a column per permission. Only what the manager holds there (`limit`) has a checkbox, so nothing
 * beyond their own rights can be ticked. Each checkbox is named « Consulter (Mes documents) »: the
 * column heading alone would not say which row it belongs to. On a phone the grid (720 px) would
 * scroll sideways: each menu is a group of labelled checkboxes instead, with the same names.
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
  const rows: Row[] = menus.flatMap((m) => [
    { menu: m.label, name: rightLabel(m.label), depth: 0 },
    ...m.children.map((c) => ({
      menu: m.label,
      child: c.label,
      name: `${rightLabel(m.label)} › ${rightLabel(c.label)}`,
      depth: 1,
    })),
  ]);
  const set = (path: RightPath, perm: Permission, on: boolean) => onChange(toggle(value, limit, path, perm, on));
  const phone = usePhone();
  const box = (row: Row, p: Permission, label?: string) => (
    <Checkbox
      aria-label={`${PERMISSION_LABELS[p]} (${row.name})`}
      label={label}
      checked={holds(value, row, p)}
      disabled={lockedOwnCategories && isOwnCategories(row, p)}
      onChange={(e) => set(row, p, e.currentTarget.checked)}
      size="md"
      styles={label ? PHONE_BOX : { body: { justifyContent: 'center' } }}
      // 44 px touch target on a tablet around a 20 px box.
      p={label ? undefined : 10}
    />
  );

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
      {phone ? (
        <ul aria-label={`Droits dans ${company}`} style={CARD_LIST}>
          {rows.map((row) => (
            <li
              key={`${row.menu}/${row.child ?? ''}`}
              style={{ ...CARD, display: 'block', marginLeft: row.depth ? 16 : 0 }}
            >
              <Text fw={row.depth ? 500 : 700} size="sm">
                {row.depth ? rightLabel(row.child!) : row.name}
              </Text>
              <Group gap={0} style={{ columnGap: 16 }} role="group" aria-label={row.name}>
                {columns
                  .filter((p) => holds(limit, row, p))
                  .map((p) => (
                    <span key={p}>{box(row, p, PERMISSION_LABELS[p])}</span>
                  ))}
              </Group>
            </li>
          ))}
        </ul>
      ) : (
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
                      {holds(limit, row, p) ? box(row, p) : <NotOffered />}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {lockedOwnCategories && (
        <Text size="sm" c="dimmed" mt={4}>
          Vous ne consultez vous-même que vos catégories de documents dans cette société : qui reçoit « Mes documents »
          y est tenu aussi (« Catégories par utilisateur » cochée d’office).
        </Text>
      )}
    </>
  );
}

type Row = RightPath & { name: string; depth: number };

/** A labelled box on a phone: its label 12 px taller on each side makes a 44 px touch target. */
const PHONE_BOX = { label: { paddingBlock: 12 }, body: { alignItems: 'center' } } as const;

const isOwnCategories = (row: RightPath, p: Permission) =>
  row.menu === 'mesDocuments' && !row.child && p === 'userGedRight';
