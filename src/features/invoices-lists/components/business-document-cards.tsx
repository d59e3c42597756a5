import { Group, Loader, Text } from '@mantine/core';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { CARD, PhoneCardList } from '../../../components/phone-card-list';
import type { Column, BusinessDocumentTableProps } from './business-document-table';

// Where each column goes on a card; the others (type, due date, HT, validity) stay on the tablet's
// and laptop's columns and on the document itself.
const TITLE = ['number'];
const AMOUNT = ['ttc'];
const BODY = ['customer'];
const FOOT = ['date', 'status', 'state'];
const ACTIONS = ['actions'];

const stack: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 };

/** Invoices or quotes on a phone: number and amount, customer, date and status, then the actions. */
export function BusinessDocumentCards<R extends { id: string | number }>({
  label,
  rows,
  columns,
  stale,
  loadingMore,
  onRange,
}: BusinessDocumentTableProps<R>) {
  return (
    <div>
      <PhoneCardList
        label={label}
        count={rows?.length}
        busy={rows === undefined || stale}
        itemKey={(i) => rows![i].id}
        onRange={onRange}
        renderCard={(i) => <Card row={rows![i]} columns={columns} />}
      />
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

const Card = memo(function Card<R>({ row, columns }: { row: R; columns: Column<R>[] }) {
  const pick = (keys: string[]) =>
    columns
      .filter((c) => keys.includes(c.key))
      .map((c) => (
        <div key={c.key} style={stack}>
          {c.render(row)}
        </div>
      ));
  return (
    <div style={CARD}>
      <div style={{ ...stack, flex: 1, gap: 4 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}>
          {pick(TITLE)}
          <div style={{ ...stack, alignItems: 'flex-end', fontWeight: 600, flexShrink: 0 }}>{pick(AMOUNT)}</div>
        </div>
        {pick(BODY)}
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 12px' }}>{pick(FOOT)}</div>
      </div>
      <div style={{ flexShrink: 0 }}>{pick(ACTIONS)}</div>
    </div>
  );
}) as <R>(props: { row: R; columns: Column<R>[] }) => ReactNode;
