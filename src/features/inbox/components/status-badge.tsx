import { Badge } from '@mantine/core';
import { DEPOSIT_STATUS_LABELS, type DepositStatus } from '../../../domain/deposits';

const COLORS: Record<DepositStatus, string> = { deposited: 'blue', queued: 'yellow', processing: 'orange', done: 'green' };

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  return <Badge color={COLORS[status]} variant="light" size="md" style={{ textTransform: 'none', maxWidth: 'none', overflow: 'visible' }}>{DEPOSIT_STATUS_LABELS[status]}</Badge>;
}
