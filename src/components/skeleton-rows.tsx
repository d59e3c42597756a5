import { Skeleton, Table } from '@mantine/core';

/** A table's rows while its first page loads: `rows` × `columns` grey bars. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Table.Tr key={i}>
      {Array.from({ length: columns }, (_, j) => (
        <Table.Td key={j}>
          <Skeleton height={18} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
