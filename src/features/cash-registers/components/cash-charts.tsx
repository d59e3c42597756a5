import { BarChart } from '@mantine/charts';
import { formatMoney, formatMoneyCompact } from '../../../domain/format';

export interface ChartRow {
  [key: string]: string | number;
}

/** Bars of the period against the same period last year (loaded only when the dashboard shows them). */
export function ComparedBars({
  data,
  dataKey,
  series,
}: {
  data: ChartRow[];
  dataKey: string;
  series: Array<{ name: string; color: string }>;
}) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey={dataKey}
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
