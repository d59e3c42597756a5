import { BarChart } from '@mantine/charts';
import { Card, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { chartData, euro, TURNOVER_SERIES, type InvoicingDashboard } from '../dashboard-model';
import { formatMoneyCompact } from '../../../domain/format';

/** Turnover (HT, credit notes deducted) of the last 12 months; the same figures as a table for screen readers. */
export function TurnoverChart({ monthly }: { monthly: InvoicingDashboard['monthly'] }) {
  const data = chartData(monthly);
  const empty = monthly.every((m) => m.ht === 0);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="turnover-chart-title">
      <Title id="turnover-chart-title" order={2} size="h4" mb={4}>
        Chiffre d’affaires des 12 derniers mois
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Factures validées, hors taxes, avoirs déduits.
      </Text>
      {empty ? (
        <Text c="dimmed" py="lg" ta="center">
          Aucune facture validée sur les 12 derniers mois.
        </Text>
      ) : (
        // The picture for the eyes; the table below says the same to a screen reader (no keyboard stop in the SVG).
        <div aria-hidden data-testid="turnover-chart">
          <BarChart
            h={280}
            data={data}
            dataKey="mois"
            series={[{ name: TURNOVER_SERIES, color: 'blue.6' }]}
            tickLine="y"
            valueFormatter={euro}
            yAxisProps={{ tickFormatter: formatMoneyCompact, width: 70 }}
            barChartProps={{ accessibilityLayer: false }}
          />
        </div>
      )}
      <VisuallyHidden>
        <Table aria-label="Chiffre d’affaires par mois">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mois</Table.Th>
              <Table.Th>Chiffre d’affaires HT</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((d) => (
              <Table.Tr key={d.moisLong}>
                <Table.Td>{d.moisLong}</Table.Td>
                <Table.Td>{euro(d[TURNOVER_SERIES])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}
