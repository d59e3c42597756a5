import { Anchor, Badge, Group, Skeleton, Text } from '@mantine/core';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { gridMinWidth, useRoomFor } from '../../../components/use-room';
import { Link } from '@tanstack/react-router';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { accountNumberText, customerName, isArchived, paymentDelayLabel, type CustomerRow } from '../customer-model';
import { isTempId } from '../../../data/temp-ids';
import { useWindowRows } from '../../../components/use-window-rows';
import { CARD, PhoneCardList } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';

interface Props {
  rows: CustomerRow[] | undefined;
  pending: ReadonlySet<string>;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: CustomerRow) => void;
  onDelete: (row: CustomerRow) => void;
}

const ROW_HEIGHT = 60;

/** Decision 046: kept with its validated invoices, no longer offered in the editors. */
export function ArchivedBadge() {
  return (
    <Badge
      size="xs"
      variant="light"
      color="gray.8"
      style={{ textTransform: 'none', flexShrink: 0, alignSelf: 'flex-start' }}
    >
      Archivé
    </Badge>
  );
}
const cell: CSSProperties = {
  padding: '0 8px',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
};

/** Customers: columns from a tablet up, cards on a phone (decision 013). */
export function CustomerTable(props: Props) {
  const { rows, pending } = props;
  if (!usePhone()) return <CustomerGrid {...props} />;
  return (
    <PhoneCardList
      label="Clients"
      count={rows?.length}
      itemKey={(i) => rows![i].accountNumber}
      estimate={100}
      renderCard={(i) => <CustomerCard {...props} customer={rows![i]} pending={pending.has(rows![i].accountNumber)} />}
    />
  );
}

/** Customers as an ARIA table with virtualised rows; contact and payment columns when the table has room for them. */
function CustomerGrid({ rows, pending, canEdit, canDelete, onEdit, onDelete }: Props) {
  const actions = canEdit || canDelete;
  const template = (wide: boolean) =>
    `minmax(180px, 1fr) 124px 170px ${wide ? 'minmax(160px, 1fr) 150px' : ''} ${actions ? '96px' : ''}`;
  const { ref: tableRef, wide } = useRoomFor(gridMinWidth(template(true)));
  const columns = template(wide);
  const { listRef, virtualizer, offset } = useWindowRows(rows?.length ?? 0, ROW_HEIGHT, (i) => rows![i].accountNumber);
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: columns };
  const header = (label: ReactNode) => (
    <div role="columnheader" style={{ ...cell, fontWeight: 700, fontSize: 'var(--mantine-font-size-sm)' }}>
      {label}
    </div>
  );

  return (
    <div
      ref={tableRef}
      role="table"
      aria-label="Clients"
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
          {header('Client')}
          {header('N° de compte')}
          {header('Ville')}
          {wide && header('Contact')}
          {wide && header('Paiement')}
          {actions && header('Actions')}
        </div>
      </div>
      <div ref={listRef} role="rowgroup">
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
            {virtualizer.getVirtualItems().map((item) => {
              const c = rows[item.index];
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
                  <CustomerCells
                    customer={c}
                    wide={wide}
                    pending={pending.has(c.accountNumber)}
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
  customer: CustomerRow;
  wide: boolean;
  pending: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: CustomerRow) => void;
  onDelete: (row: CustomerRow) => void;
}

/** One row's cells, memoised: while scrolling only the rows entering the screen render. */
const CustomerCells = memo(function CustomerCells({
  customer: c,
  wide,
  pending,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: CellsProps) {
  const name = customerName(c);
  return (
    <>
      <div role="cell" style={cell}>
        <Anchor
          size="sm"
          fw={600}
          truncate="end"
          renderRoot={(props) => (
            <Link {...props} to="/mes-factures/mes-clients/ficheClient" search={{ accountNumber: c.accountNumber }} />
          )}
        >
          {name}
        </Anchor>
        <Group gap={6} wrap="nowrap">
          {c.name && c.name !== name && (
            <Text size="xs" c="dimmed" truncate="end">
              {c.name}
            </Text>
          )}
          {pending && (
            <Badge size="xs" variant="light" color="orange" style={{ textTransform: 'none', flexShrink: 0 }}>
              En attente d’envoi
            </Badge>
          )}
          {isArchived(c) && <ArchivedBadge />}
        </Group>
      </div>
      <div role="cell" style={cell}>
        <Text size="sm" truncate="end" c={isTempId(c.accountNumber) ? 'dimmed' : undefined}>
          {accountNumberText(c.accountNumber)}
        </Text>
      </div>
      <div role="cell" style={cell}>
        <Text size="sm" truncate="end">
          {[c.postalCode, c.city].filter(Boolean).join(' ')}
        </Text>
      </div>
      {wide && (
        <div role="cell" style={cell}>
          <Text size="sm" truncate="end" title={c.email ?? undefined}>
            {c.email}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {c.phone}
          </Text>
        </div>
      )}
      {wide && (
        <div role="cell" style={cell}>
          <Text size="sm" truncate="end">
            {c.paymentMode}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {paymentDelayLabel(c.paymentDelay)}
          </Text>
        </div>
      )}
      {(canEdit || canDelete) && (
        <div role="cell" style={{ ...cell, padding: '0 4px', flexDirection: 'row', alignItems: 'center', gap: 4 }}>
          <EditDeleteActions
            subject={`le client ${name}`}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={() => onEdit(c)}
            onDelete={() => onDelete(c)}
          />
        </div>
      )}
    </>
  );
});

/** A customer on a phone: name, account number and town, contact; the actions on the right. */
const CustomerCard = memo(function CustomerCard({
  customer: c,
  pending,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: Omit<CellsProps, 'wide'>) {
  const name = customerName(c);
  return (
    <div style={CARD}>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Anchor
          size="sm"
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
          renderRoot={(props) => (
            <Link {...props} to="/mes-factures/mes-clients/ficheClient" search={{ accountNumber: c.accountNumber }} />
          )}
        >
          {name}
        </Anchor>
        {c.name && c.name !== name && (
          <Text size="xs" c="dimmed" truncate="end">
            {c.name}
          </Text>
        )}
        <Text size="sm" truncate="end">
          <Text span size="sm" c={isTempId(c.accountNumber) ? 'dimmed' : undefined}>
            {accountNumberText(c.accountNumber)}
          </Text>
          {(c.postalCode || c.city) && ` · ${[c.postalCode, c.city].filter(Boolean).join(' ')}`}
        </Text>
        {c.email && (
          <Text size="xs" c="dimmed" truncate="end">
            {c.email}
          </Text>
        )}
        {c.phone && (
          <Text size="xs" c="dimmed" truncate="end">
            {c.phone}
          </Text>
        )}
        {pending && (
          <Badge size="xs" variant="light" color="orange" style={{ textTransform: 'none', alignSelf: 'flex-start' }}>
            En attente d’envoi
          </Badge>
        )}
        {isArchived(c) && <ArchivedBadge />}
      </div>
      {(canEdit || canDelete) && (
        <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
          <EditDeleteActions
            subject={`le client ${name}`}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={() => onEdit(c)}
            onDelete={() => onDelete(c)}
          />
        </Group>
      )}
    </div>
  );
});
