import { BarChart } from '@mantine/charts';
import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '../../components/dates';
import { useState } from 'react';
import { PageHeader } from '../../components/page/page-header';
import { useServerData } from '../../data/sync/use-server-data';
import { addDays } from '../../domain/dates';
import { statisticsData, type Statistics } from './statistics-data';
import { formatCount, formatDate } from '../../domain/format';

const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

/**
 * One bar per day of the period, days without sign-in at 0 (a lone bar used to fill the whole
 * chart). Past a year, only the days with sign-ins: hundreds of empty bars would say nothing.
 */
function chartDays(
  start: string,
  end: string,
  byDay: Statistics['signInsByDay'],
): { jour: string; Connexions: number }[] {
  if (addDays(start, 366) < end) return byDay.map((d) => ({ jour: formatDate(d.date), Connexions: d.count }));
  const counts = new Map(byDay.map((d) => [d.date, d.count]));
  const days: { jour: string; Connexions: number }[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push({ jour: formatDate(d), Connexions: counts.get(d) ?? 0 });
  return days;
}

/** /dashboard (user type 1 only): use of the portal over a period. */
export function StatisticsPage() {
  const [range, setRange] = useState<[string | null, string | null]>(() => [addDays(todayIso(), -29), todayIso()]);
  // The figures of the last complete period stay while the second date is being picked.
  const [period, setPeriod] = useState(() => ({ start: range[0]!, end: range[1]! }));
  const read = useServerData(statisticsData, period);
  // ERR-13: the statistics give null on failure — a silent failure, shown as "no figures".
  const stats: Statistics | null | undefined = read.data ?? (read.loading ? undefined : null);
  const pick = (v: [string | null, string | null]) => {
    setRange(v);
    if (v[0] && v[1]) setPeriod({ start: v[0], end: v[1] });
  };

  return (
    <Stack>
      <PageHeader
        title="Statistiques"
        description="Utilisation du portail sur la période choisie."
        actions={
          <DatePickerInput
            type="range"
            label="Période"
            value={range}
            onChange={(v) => pick(v as [string | null, string | null])}
            valueFormat="DD/MM/YYYY"
            w={260}
            maxDate={todayIso()}
          />
        }
      />
      {stats === undefined && (
        <Group>
          <Loader size="sm" />
          <Text>Chargement des statistiques…</Text>
        </Group>
      )}
      {stats === null && <Text c="dimmed">Aucune statistique disponible pour cette période.</Text>}
      {stats && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Figure label="Connexions" value={stats.signIns} />
            <Figure label="Utilisateurs actifs" value={stats.activeUsers} />
            <Figure label="Utilisateurs" value={stats.users} />
            <Figure label="Sociétés" value={stats.companies} />
          </SimpleGrid>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="md">
              Connexions par jour
            </Title>
            {stats.signInsByDay.length === 0 ? (
              <Text c="dimmed">Aucune connexion sur la période.</Text>
            ) : (
              <BarChart
                h={260}
                data={chartDays(stats.period.start, stats.period.end, stats.signInsByDay)}
                dataKey="jour"
                series={[{ name: 'Connexions', color: 'blue.6' }]}
                tickLine="y"
              />
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="lg">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={700} size="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(value)}
      </Text>
    </Card>
  );
}
