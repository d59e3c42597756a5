import { BarChart } from '@mantine/charts';
import { formatMoney, formatMoneyCompact } from '../../../domain/format';

export interface ChartRow {
  [key: string]: string | number | null;
}

/** Months of the exercise against the previous exercise (loaded with the first chart, not with the screen). */
export function MonthBars({ data, series }: { data: ChartRow[]; series: Array<{ name: string; color: string }> }) {
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="mois"
      series={series}
      tickLine="y"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={(v) => formatMoney(v)}
      yAxisProps={{ tickFormatter: formatMoneyCompact, width: 70 }}
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
