import { Group, Loader, Skeleton, Text } from '@mantine/core';
import { memo, useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { useWindowRows } from '../../../components/use-window-rows';
import { usePhone } from '../../../components/use-phone';
import { gridMinWidth, useRoomFor } from '../../../components/use-room';
import { BusinessDocumentCards } from './business-document-cards';

export interface Column<R> {
  key: string;
  header: string;
  /** A CSS grid track: '120px', 'minmax(160px, 1fr)'. */
  width: string;
  align?: 'right';
  /** Shown only when the table has room for every column (the tablet in portrait keeps the essential ones). */
  wideOnly?: boolean;
  render: (row: R) => ReactNode;
}

interface Props<R extends { id: string | number }> {
  label: string;
  rows: R[] | undefined;
  columns: Column<R>[];
  stale: boolean;
  loadingMore: boolean;
  onRange: (lastIndex: number) => void;
}

export const ROW_HEIGHT = 60;
const cell: CSSProperties = {
  padding: '0 8px',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
};

export type BusinessDocumentTableProps<R extends { id: string | number }> = Props<R>;

/** The list of invoices or quotes: columns from a tablet up, cards on a phone (decision 013). */
export function BusinessDocumentTable<R extends { id: string | number }>(props: Props<R>) {
  return usePhone() ? <BusinessDocumentCards {...props} /> : <DocumentGrid {...props} />;
}

/** An ARIA table whose rows are virtualised against the page scroll: 10 000 rows stay smooth. */
function DocumentGrid<R extends { id: string | number }>({
  label,
  rows,
  columns,
  stale,
  loadingMore,
  onRange,
}: Props<R>) {
  const { ref: tableRef, wide } = useRoomFor(gridMinWidth(columns.map((c) => c.width).join(' ')));
  const shown = useMemo(() => (wide ? columns : columns.filter((c) => !c.wideOnly)), [wide, columns]);
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: shown.map((c) => c.width).join(' ') };
  const { listRef, virtualizer, offset } = useWindowRows(rows?.length ?? 0, ROW_HEIGHT, (i) => rows![i].id);
  const items = virtualizer.getVirtualItems();
  const last = items.length ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (last >= 0) onRange(last);
  }, [last, onRange]);

  return (
    <div
      ref={tableRef}
      role="table"
      aria-label={label}
      aria-rowcount={(rows?.length ?? 0) + 1}
      aria-busy={rows === undefined || stale}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    >
      {/* The header row stays under the app's top bar while the page scrolls. */}
      <div role="rowgroup" style={{ position: 'sticky', top: 'var(--app-shell-header-height, 64px)', zIndex: 2 }}>
        <div
          role="row"
          aria-rowindex={1}
          style={{
            ...grid,
            height: 44,
            background: 'var(--mantine-color-gray-0)',
            borderBottom: '1px solid var(--mantine-color-gray-3)',
            borderRadius: '8px 8px 0 0',
          }}
        >
          {shown.map((c) => (
            <div
              key={c.key}
              role="columnheader"
              style={{
                ...cell,
                fontWeight: 700,
                fontSize: 'var(--mantine-font-size-sm)',
                alignItems: c.align === 'right' ? 'flex-end' : undefined,
              }}
            >
              {c.header}
            </div>
          ))}
        </div>
      </div>
      <div ref={listRef} role="rowgroup" style={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}>
        {rows === undefined ? (
          Array.from({ length: 8 }, (_, i) => (
            <div key={i} role="row" aria-rowindex={i + 2} style={{ ...grid, height: ROW_HEIGHT }}>
              <div role="cell" style={{ ...cell, gridColumn: '1 / -1' }}>
                <Skeleton height={20} />
              </div>
            </div>
          ))
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                style={{
                  ...grid,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start - offset}px)`,
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                  background: item.index % 2 ? 'var(--mantine-color-gray-0)' : undefined,
                }}
              >
                <Cells row={rows[item.index]} columns={shown} />
              </div>
            ))}
          </div>
        )}
      </div>
      {loadingMore && (
        <Group justify="center" gap="xs" py="sm" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Chargement de la suite…
          </Text>
        </Group>
      )}
    </div>
  );
}

/** One row's cells, memoised: while scrolling only the rows entering the screen render. */
const Cells = memo(function Cells<R>({ row, columns }: { row: R; columns: Column<R>[] }) {
  return (
    <>
      {columns.map((c) => (
        <div
          key={c.key}
          role="cell"
          style={{ ...cell, alignItems: c.align === 'right' ? 'flex-end' : undefined, textAlign: c.align }}
        >
          {c.render(row)}
        </div>
      ))}
    </>
  );
}) as <R>(props: { row: R; columns: Column<R>[] }) => ReactNode;
