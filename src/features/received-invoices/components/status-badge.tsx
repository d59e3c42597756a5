import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { ReceivedInvoiceRow } from '../api/received-invoices-api';
import { statusColors } from '../received-invoices-model';

/** « Conforme » (green) or « 2 anomalies » (red), with contrast pairs that pass axe. */
export function ReceivedStatusBadge({ row }: { row: Pick<ReceivedInvoiceRow, 'status' | 'statusLabel'> }) {
  const { bg, fg } = statusColors(row.status);
  const style = {
    '--badge-bg': bg,
    '--badge-color': fg,
    textTransform: 'none',
    maxWidth: 'none',
    minWidth: 'max-content',
  } as CSSProperties;
  return (
    <Badge variant="light" size="md" style={style}>
      {row.statusLabel}
    </Badge>
  );
}
