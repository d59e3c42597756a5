import { Card, Table, Text, Title } from '@mantine/core';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { usePhone } from '../../../components/use-phone';
import { formatMoney, formatNumber, formatPercent } from '../../../domain/format';
import type { ReceivedInvoiceDetail } from '../api/received-invoices-api';
import { unitText } from '../received-invoices-model';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

const formatMoneyPrice = (n: number) => `${formatNumber(n, 4, 2)}\u00a0€`;
export const vatText = (category: string, rate: number) =>
  category === 'S' || rate ? formatPercent(rate) : (CATEGORY_SHORT[category] ?? category);
const CATEGORY_SHORT: Record<string, string> = {
  Z: '0 %',
  E: 'Exonérée',
  AE: 'Autoliquidation',
  K: 'Intracommunautaire',
  G: 'Export',
  O: 'Hors champ',
};

type Line = ReceivedInvoiceDetail['lines'][number];

const quantityText = (l: Line) =>
  `${formatNumber(l.quantity, 4)}${unitText(l.unitCode) ? `\u00a0${unitText(l.unitCode)}` : ''}`;

/**
 * A phone's lines: one card each (designation, « quantity × price HT · VAT », amount); the table's
 * five columns scrolled sideways, the amount out of sight.
 */
function LineCards({ lines }: { lines: Line[] }) {
  return (
    <ul role="list" aria-labelledby="lignes" style={CARD_LIST}>
      {lines.map((l, i) => (
        <li key={i} style={{ ...CARD, justifyContent: 'space-between', ...TABULAR }}>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {l.name || '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {quantityText(l)} × {formatMoneyPrice(l.unitPrice)} HT · TVA {vatText(l.vatCategory, l.vatRate)}
            </Text>
          </div>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(l.netAmount)}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** The lines the server read from the supplier's file. */
export function ReceivedLines({ lines }: { lines: Line[] }) {
  const phone = usePhone();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="lignes">
      <Title order={2} size="h4" id="lignes" mb="xs">
        Lignes
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          Aucune ligne.
        </Text>
      ) : phone ? (
        <LineCards lines={lines} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-labelledby="lignes" striped style={TABULAR}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Désignation</Table.Th>
                <Table.Th ta="right">Quantité</Table.Th>
                <Table.Th ta="right">Prix unitaire HT</Table.Th>
                <Table.Th ta="right">TVA</Table.Th>
                <Table.Th ta="right">Montant HT</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{l.name || '—'}</Table.Td>
                  <Table.Td ta="right">
                    {formatNumber(l.quantity, 4)}
                    {unitText(l.unitCode) && (
                      <Text span size="xs" c="dimmed">
                        {`\u00a0${unitText(l.unitCode)}`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatMoneyPrice(l.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{vatText(l.vatCategory, l.vatRate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.netAmount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
