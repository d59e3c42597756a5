import { Anchor, Group, Skeleton, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';
import { formatDate } from '../../../domain/format';
import type { ReceivedInvoiceRow } from '../api/received-invoices-api';
import { amountText } from '../received-invoices-model';
import { ReceivedStatusBadge } from './status-badge';
import { LifecycleBadge } from './lifecycle-trail';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

interface Props {
  items: ReceivedInvoiceRow[] | undefined;
  loading: boolean;
}

/** The received invoice's number, a link to its detail and controls. */
function NumberLink({ row }: { row: ReceivedInvoiceRow }) {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link {...props} to="/mes-factures/factures-recues/$id" params={{ id: String(row.id) }} />}
    >
      {row.number || 'Sans numéro'}
    </Anchor>
  );
}

/**
 * On a phone, one card per received invoice: in the five-column table only the supplier and the
 * number were on screen, the date, the amount and the control's result past its right edge.
 */
function ReceivedCards({ items, loading }: Props) {
  if (loading) return <Skeleton height={72} radius="md" aria-busy />;
  if (items?.length === 0)
    return (
      <Text c="dimmed" py="md">
        Aucune facture reçue.
      </Text>
    );
  return (
    <ul role="list" aria-label="Factures reçues" style={CARD_LIST}>
      {items?.map((r) => (
        <li key={r.id} style={{ ...CARD, flexDirection: 'column', gap: 2 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" w="100%" gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {r.supplierName || 'Fournisseur non indiqué'}
            </Text>
            <Group gap={4} wrap="wrap">
              <ReceivedStatusBadge row={r} />
              <LifecycleBadge status={r.lastStatus} />
            </Group>
          </Group>
          <div>
            <NumberLink row={r} />
            {r.kind === 'Avoir' && (
              <Text span size="xs" c="dimmed">
                {' '}
                · Avoir
              </Text>
            )}
          </div>
          <Text size="sm" c="dimmed" style={TABULAR}>
            {formatDate(r.issueDate)} · {r.ttc === null ? 'montant non indiqué' : `${amountText(r.ttc)} TTC`}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** The suppliers' invoices received: a table, or cards on a phone. */
export function ReceivedTable({ items, loading }: Props) {
  const phone = usePhone();
  if (phone) return <ReceivedCards items={items} loading={loading} />;
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table
        aria-label="Factures reçues"
        aria-busy={loading}
        striped
        highlightOnHover
        verticalSpacing="sm"
        style={TABULAR}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fournisseur</Table.Th>
            <Table.Th>Numéro</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Total TTC</Table.Th>
            <Table.Th>Contrôle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            Array.from({ length: 3 }, (_, i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={5}>
                  <Skeleton height={18} />
                </Table.Td>
              </Table.Tr>
            ))}
          {items?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" ta="center" py="md">
                  Aucune facture reçue.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {items?.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {r.supplierName || 'Fournisseur non indiqué'}
                </Text>
                {r.kind === 'Avoir' && (
                  <Text size="xs" c="dimmed">
                    Avoir
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <NumberLink row={r} />
              </Table.Td>
              <Table.Td>{formatDate(r.issueDate)}</Table.Td>
              <Table.Td ta="right">{amountText(r.ttc)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap">
                  <ReceivedStatusBadge row={r} />
                  <LifecycleBadge status={r.lastStatus} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
