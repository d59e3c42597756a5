import { Checkbox, Table, Text } from '@mantine/core';
import { NotOffered } from './not-offered';
import { usePhone } from '../../../components/use-phone';
import type { GrantableCompany } from '../api/admin-api';
import { depositIds, readIds } from '../new-user-draft';

export interface CategoryChoice {
  categories: number[];
  categoriesInbox: number[];
}

/**
 * The document categories of a company that restricts them per user (gedUserRight): which the user
 * may read, and which they may deposit into through « Ma bannette » (only the « dépôt » branch of
 * the tree takes deposits). A column heading ticks all.
 */
export function CategoriesTable({
  company,
  value,
  onChange,
}: {
  company: GrantableCompany;
  value: CategoryChoice;
  onChange: (v: CategoryChoice) => void;
}) {
  const phone = usePhone();
  const deposit = new Set(depositIds(company));
  const readable = new Set(readIds(company));
  const column = (key: keyof CategoryChoice, title: string, all: number[]) => {
    const chosen = new Set(value[key]);
    const count = all.filter((id) => chosen.has(id)).length;
    return {
      head: (
        <Checkbox
          label={title}
          styles={phone ? { label: { paddingInlineStart: 6 } } : undefined}
          checked={count === all.length && all.length > 0}
          indeterminate={count > 0 && count < all.length}
          onChange={(e) => onChange({ ...value, [key]: e.currentTarget.checked ? all : [] })}
        />
      ),
      cell: (id: number, label: string) => (
        <Checkbox
          aria-label={`${title} : ${label}`}
          checked={chosen.has(id)}
          onChange={(e) =>
            onChange({
              ...value,
              [key]: e.currentTarget.checked ? [...value[key], id] : value[key].filter((x) => x !== id),
            })
          }
          styles={{ body: { justifyContent: 'center' } }}
          p={10}
        />
      ),
    };
  };
  const read = column('categories', 'Consulter', [...readable]);
  const drop = column('categoriesInbox', 'Déposer', [...deposit]);
  if (company.categories.length === 0) return <Text c="dimmed">Cette société n’a aucune catégorie de documents.</Text>;
  return (
    // On a phone the names wrap rather than push « Déposer » out of sight.
    <Table.ScrollContainer minWidth={phone ? 300 : 480} mah={420}>
      <Table
        withTableBorder
        stickyHeader
        verticalSpacing={2}
        horizontalSpacing={phone ? 6 : undefined}
        aria-label={`Catégories de documents de ${company.label}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Catégorie</Table.Th>
            <Table.Th scope="col">{read.head}</Table.Th>
            <Table.Th scope="col">{drop.head}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {company.categories.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Th scope="row" fw={400}>
                {c.label}
                {c.path && c.path !== c.label && (
                  <Text size="xs" c="dimmed" component="span" display="block">
                    {c.path}
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="center">
                {readable.has(c.id) ? read.cell(c.id, c.path || c.label) : <NotOffered />}
              </Table.Td>
              <Table.Td ta="center">{deposit.has(c.id) ? drop.cell(c.id, c.path || c.label) : <NotOffered />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
