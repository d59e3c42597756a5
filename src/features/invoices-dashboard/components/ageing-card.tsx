import { Card, Group, Progress, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useAgeing, type AgeingAnswer } from '../ageing-data';
import { invoiceCount } from '../dashboard-model';
import { formatMoney } from '../../../domain/format';

const COLORS: Record<string, string> = {
  notDue: 'teal',
  d0_30: 'yellow',
  d31_60: 'orange',
  d61_90: 'red.6',
  d90plus: 'red.9',
};
const CUSTOMERS_SHOWN = 10;

/** Ageing of receivables (days past the due date) and what each customer still owes. */
export function AgeingSection() {
  const data = useAgeing();
  if (!data) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <AgeingCard data={data} />
      <CustomersCard data={data} />
    </SimpleGrid>
  );
}

function AgeingCard({ data }: { data: AgeingAnswer }) {
  const total = data.total || 1;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="ageing-title">
      <Title id="ageing-title" order={2} size="h4">
        Balance âgée des créances
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Reste à encaisser (TTC) selon le retard sur l’échéance : {formatMoney(data.total)}, dont{' '}
        {formatMoney(data.overdue)} en retard.
      </Text>
      <Progress.Root size={14} mb="md" aria-hidden>
        {data.buckets
          .filter((b) => b.amount > 0)
          .map((b) => (
            <Progress.Section key={b.key} value={(b.amount / total) * 100} color={COLORS[b.key]} />
          ))}
      </Progress.Root>
      <Table verticalSpacing={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Retard</Table.Th>
            <Table.Th ta="right">Factures</Table.Th>
            <Table.Th ta="right">Montant dû</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.buckets.map((b) => (
            <Table.Tr key={b.key} data-testid={`ageing-${b.key}`}>
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <Swatch color={COLORS[b.key]} />
                  {b.label}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{b.count}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function Swatch({ color }: { color: string }) {
  const [name, shade] = color.split('.');
  return (
    <span
      aria-hidden
      style={{
        width: 10,
        height: 10,
        borderRadius: 2,
        flex: 'none',
        background: `var(--mantine-color-${name}-${shade ?? 6})`,
      }}
    />
  );
}

function CustomersCard({ data }: { data: AgeingAnswer }) {
  const shown = data.customers.slice(0, CUSTOMERS_SHOWN);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="outstanding-title">
      <Title id="outstanding-title" order={2} size="h4">
        Encours par client
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {data.customers.length === 0
          ? 'Aucune facture à encaisser.'
          : `Les ${Math.min(CUSTOMERS_SHOWN, data.customers.length)} clients qui vous doivent le plus (TTC).`}
      </Text>
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th ta="right">Dû</Table.Th>
                <Table.Th ta="right">Dont en retard</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((c) => (
                <Table.Tr key={c.accountNumber}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {c.socialReason || c.accountNumber}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {invoiceCount(c.count)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(c.amount)}</Table.Td>
                  <Table.Td ta="right" c={c.overdue > 0 ? 'red.8' : undefined}>
                    {formatMoney(c.overdue)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
