import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { gridMinWidth, useRoomFor } from '../../../components/use-room';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { type ArticleRow } from '../article-model';
import { useWindowRows } from '../../../components/use-window-rows';
import { CARD, PhoneCardList } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';
import { formatMoney, formatPercent } from '../../../domain/format';

interface Props {
  rows: ArticleRow[] | undefined;
  /** Ids with a change still waiting in the outbox. */
  pending: ReadonlySet<string>;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: ArticleRow) => void;
  onDelete: (row: ArticleRow) => void;
}

const ROW_HEIGHT = 60;
const cellStyle: CSSProperties = {
  padding: '0 8px',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
};
const right: CSSProperties = {
  ...cellStyle,
  alignItems: 'flex-end',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
};

/**
 * The catalogue as an ARIA table whose rows are virtualised: 10 000 articles render only the
 * twenty-odd rows on screen. In a narrower table (a portrait tablet) the type moves under the code so the
 * designation keeps room without a horizontal scroll.
 */
export function ArticleTable(props: Props) {
  const { rows, pending } = props;
  // On a phone (below 36em), cards instead of columns (decision 013).
  if (!usePhone()) return <ArticleGrid {...props} />;
  return (
    <PhoneCardList
      label="Articles"
      count={rows?.length}
      itemKey={(i) => String(rows![i].id)}
      estimate={100}
      renderCard={(i) => <ArticleCard {...props} row={rows![i]} pending={pending.has(String(rows![i].id))} />}
    />
  );
}

function ArticleGrid({ rows, pending, canEdit, canDelete, onEdit, onDelete }: Props) {
  const template = (wide: boolean) =>
    `${wide ? '110px 120px' : '112px'} minmax(140px, 1fr) 76px 108px 64px 108px ${canEdit || canDelete ? '96px' : ''}`;
  const { ref: tableRef, wide } = useRoomFor(gridMinWidth(template(true)));
  const columns = template(wide);
  const { listRef, virtualizer, offset } = useWindowRows(rows?.length ?? 0, ROW_HEIGHT, (i) => String(rows![i].id));
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: columns, alignItems: 'stretch' };
  const header = (label: ReactNode, style: CSSProperties = cellStyle) => (
    <div role="columnheader" style={{ ...style, fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)' }}>
      {label}
    </div>
  );

  return (
    <div
      ref={tableRef}
      role="table"
      aria-label="Articles"
      aria-rowcount={(rows?.length ?? 0) + 1}
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
          {header(wide ? 'Code' : 'Code / type')}
          {wide && header('Type')}
          {header('Désignation / libellé')}
          {header('Unité')}
          {header('PU HT', right)}
          {header('TVA', right)}
          {header('TTC', right)}
          {(canEdit || canDelete) && header(<span>Actions</span>, right)}
        </div>
      </div>
      <div ref={listRef} role="rowgroup">
        {rows === undefined ? (
          Array.from({ length: 8 }, (_, i) => (
            <div key={i} role="row" aria-rowindex={i + 2} style={{ ...grid, height: ROW_HEIGHT }}>
              <div role="cell" style={{ ...cellStyle, gridColumn: '1 / -1' }}>
                <Skeleton height={20} />
              </div>
            </div>
          ))
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              return (
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
                  <ArticleCells
                    row={row}
                    wide={wide}
                    pending={pending.has(String(row.id))}
                    canEdit={canEdit}
                    canDelete={canDelete}
                    onEdit={onEdit}
                    onDelete={onDelete}
                  />
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface CellsProps {
  row: ArticleRow;
  wide: boolean;
  pending: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: ArticleRow) => void;
  onDelete: (row: ArticleRow) => void;
}

/** One row's cells, memoised: while scrolling only the rows entering the screen render. */
const ArticleCells = memo(function ArticleCells({
  row,
  wide,
  pending,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: CellsProps) {
  const comment = row.type === 'Commentaire';
  const name = row.designation || row.label || row.code;
  return (
    <>
      <div role="cell" style={cellStyle}>
        <Text size="sm" fw={600} truncate="end">
          {row.code}
        </Text>
        {!wide && (
          <Text size="xs" c="dimmed">
            {row.type}
          </Text>
        )}
        {pending && (
          <Badge size="xs" variant="light" color="orange" style={{ textTransform: 'none' }}>
            En attente d’envoi
          </Badge>
        )}
      </div>
      {wide && (
        <div role="cell" style={cellStyle}>
          <Text size="sm" c={comment ? 'dimmed' : undefined}>
            {row.type}
          </Text>
        </div>
      )}
      <div role="cell" style={cellStyle}>
        <Text size="sm" truncate="end" title={row.designation}>
          {row.designation || '—'}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" title={row.label}>
          {row.label}
        </Text>
      </div>
      <div role="cell" style={cellStyle}>
        <Text size="sm" truncate="end">
          {comment ? '' : (row.unitMeasurement?.label ?? '')}
        </Text>
      </div>
      <div role="cell" style={right}>
        <Text size="sm">{comment ? '' : formatMoney(row.unitPriceHT)}</Text>
      </div>
      <div role="cell" style={right}>
        <Text size="sm">{comment ? '' : formatPercent(Number(row.vatRate) || 0)}</Text>
      </div>
      <div role="cell" style={right}>
        <Text size="sm" fw={600}>
          {comment ? '' : formatMoney(row.ttc)}
        </Text>
      </div>
      {(canEdit || canDelete) && (
        <div
          role="cell"
          style={{
            ...right,
            padding: '0 4px',
            flexDirection: 'row',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 4,
          }}
        >
          <EditDeleteActions
            subject={`l’article ${name}`}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={() => onEdit(row)}
            onDelete={() => onDelete(row)}
          />
        </div>
      )}
    </>
  );
});

/** An article on a phone: code and type, designation and label, prices; the actions on the right. */
const ArticleCard = memo(function ArticleCard({
  row,
  pending,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: Omit<CellsProps, 'wide'>) {
  const comment = row.type === 'Commentaire';
  const name = row.designation || row.label || row.code;
  return (
    <div style={CARD}>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Group gap={8} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={600} truncate="end">
            {row.code}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              · {row.type}
            </Text>
          </Text>
          {!comment && (
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(row.ttc)} TTC
            </Text>
          )}
        </Group>
        <Text size="sm" truncate="end" title={row.designation}>
          {row.designation || '—'}
        </Text>
        {row.label && (
          <Text size="xs" c="dimmed" truncate="end" title={row.label}>
            {row.label}
          </Text>
        )}
        {!comment && (
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {[
              `${formatMoney(row.unitPriceHT)} HT`,
              row.unitMeasurement?.label,
              `TVA ${formatPercent(Number(row.vatRate) || 0)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        {pending && (
          <Badge size="xs" variant="light" color="orange" style={{ textTransform: 'none', alignSelf: 'flex-start' }}>
            En attente d’envoi
          </Badge>
        )}
      </div>
      {(canEdit || canDelete) && (
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          <EditDeleteActions
            subject={`l’article ${name}`}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={() => onEdit(row)}
            onDelete={() => onDelete(row)}
          />
        </Group>
      )}
    </div>
  );
});
