import { Card, Select, Skeleton, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AccountingExercise } from '../api/accounting-api';

export { TABULAR } from '../../../components/page/figure-card';
import { TABULAR } from '../../../components/page/figure-card';
import { PHONE_FIGURES, usePhone } from '../../../components/use-phone';

/** The exercise picker of the accounting screens (GET periods, latest first). */
export function ExerciseSelect({
  exercises,
  value,
  onChange,
}: {
  exercises: AccountingExercise[] | undefined;
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  return (
    <Select
      size="md"
      label="Exercice"
      data={(exercises ?? []).map((e) => ({ value: String(e.id), label: e.label }))}
      value={value ? String(value) : null}
      allowDeselect={false}
      placeholder={exercises ? 'Aucun exercice importé' : 'Chargement…'}
      onChange={(v) => v && onChange(Number(v))}
      w={{ base: '100%', sm: 380 }}
    />
  );
}

export function Section({
  title,
  loading,
  children,
  actions,
}: {
  title: string;
  loading?: boolean;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginBottom: 8 }}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </div>
      {loading ? <Skeleton height={160} /> : children}
    </Card>
  );
}

/** A table of figures: first column text, the others right-aligned amounts. */
export function FiguresTable({
  caption,
  head,
  rows,
  foot,
  empty = 'Aucun chiffre sur cet exercice.',
  left = [0],
  wrap = [0],
}: {
  caption: string;
  head: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  foot?: ReactNode[];
  empty?: string;
  /** The columns of text (left-aligned); the others are figures, right-aligned. */
  left?: number[];
  /** The columns whose text may wrap (the others stay on one line). */
  wrap?: number[];
}) {
  const ta = (i: number) => (left.includes(i) ? undefined : ('right' as const));
  // On a phone, smaller type and tighter cells: the month and two amounts kept whole fit its card,
  // where the last column (« Exercice précédent ») was past the edge, scrolled sideways.
  const phone = usePhone();
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 360}>
      <Table aria-label={caption} style={TABULAR} striped {...(phone ? PHONE_FIGURES : {})}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={ta(i)}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              {r.cells.map((c, i) => (
                <Table.Td key={i} ta={ta(i)} style={{ whiteSpace: wrap.includes(i) ? undefined : 'nowrap' }}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {foot && (
          <Table.Tfoot>
            <Table.Tr>
              {foot.map((c, i) => (
                <Table.Th key={i} ta={ta(i)} style={{ whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
