import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { DEPOSIT_STATUS_LABELS, type DepositStatus } from '../../../domain/deposits';

// Explicit pairs: Mantine's light yellow/orange badges are below 4.5:1 (axe color-contrast).
const COLORS: Record<DepositStatus, { bg: string; fg: string }> = {
  deposited: { bg: '#e7f0fa', fg: '#1c4f86' },
  queued: { bg: '#fff3bf', fg: '#5f4300' },
  processing: { bg: '#ffe8cc', fg: '#7a3500' },
  done: { bg: '#d3f9d8', fg: '#1e5e2d' },
};

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { bg, fg } = COLORS[status];
  const style = {
    '--badge-bg': bg,
    '--badge-color': fg,
    textTransform: 'none',
    maxWidth: 'none',
    minWidth: 'max-content',
  } as CSSProperties;
  return (
    <Badge variant="light" size="md" style={style}>
      {DEPOSIT_STATUS_LABELS[status]}
    </Badge>
  );
}
