import { Badge, Text, Tooltip } from '@mantine/core';
import { useServerData } from '../../../data/sync/use-server-data';
import { invoiceTransmissionData } from '../platform-data';

// A light badge keeps the text's colour, as the lists' badges do: coloured text on its light tint
// falls under axe's 4.5:1 contrast.
const BADGE_TEXT = { textTransform: 'none', color: 'var(--mantine-color-text)' } as const;

const COLORS = { pending: 'orange', sent: 'green', refused: 'red', none: 'gray' } as const;

/**
 * A validated invoice's transmission to the platform (decision 088): « En attente de transmission »
 * while queued or retried, « Transmise » once the platform took it, the platform's refusal in French.
 */
export function InvoiceTransmissionBadge({ invoiceId }: { invoiceId: number }) {
  const { data } = useServerData(invoiceTransmissionData, { id: invoiceId });
  if (!data || data.state === 'none') return null;
  const badge = (
    <Badge color={COLORS[data.state]} variant="light" style={BADGE_TEXT}>
      {data.label}
    </Badge>
  );
  return (
    <>
      {data.message ? (
        <Tooltip label={data.message} multiline w={320}>
          {badge}
        </Tooltip>
      ) : (
        badge
      )}
      {data.state === 'refused' && data.message && (
        <Text size="sm" c="red.8" role="status">
          {data.message}
        </Text>
      )}
    </>
  );
}
