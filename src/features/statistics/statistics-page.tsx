import { BarChart } from '@mantine/charts';
import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page/page-header';
import { addDays, formatDateFr } from '../../domain/dates';
import { http } from '../../lib/http';

interface Statistics {
  period: { start: string; end: string };
  users: number;
  companies: number;
  signIns: number;
  activeUsers: number;
  signInsByDay: { date: string; count: number }[];
}

const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

/** Spec 7.2: statistics "yield null on failure" — a silent failure, shown as "no figures". */
async function fetchStatistics(start: string, end: string): Promise<Statistics | null> {
  try {
    return await http.get(`statistiques/datedebut/${start}/datefin/${end}`).json<Statistics>();
  } catch {
    return null;
  }
}

/**
 * One bar per day of the period, days without sign-in at 0 (a lone bar used to fill the whole
 * chart). Past a year, only the days with sign-ins: hundreds of empty bars would say nothing.
 */
function chartDays(start: string, end: string, byDay: Statistics['signInsByDay']): { jour: string; Connexions: number }[] {
  if (addDays(start, 366) < end) return byDay.map((d) => ({ jour: formatDateFr(d.date), Connexions: d.count }));
  const counts = new Map(byDay.map((d) => [d.date, d.count]));
  const days: { jour: string; Connexions: number }[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push({ jour: formatDateFr(d), Connexions: counts.get(d) ?? 0 });
  return days;
}

/** /dashboard (user type 1 only): use of the portal over a period. */
export function StatisticsPage() {
  const [range, setRange] = useState<[string | null, string | null]>(() => [addDays(todayIso(), -29), todayIso()]);
  const [stats, setStats] = useState<Statistics | null | undefined>(undefined);
  const [start, end] = range;

  useEffect(() => {
    if (!start || !end) return;
    let live = true;
    setStats(undefined);
    void fetchStatistics(start, end).then((s) => live && setStats(s));
    return () => { live = false; };
  }, [start, end]);

  return (
    <Stack>
      <PageHeader title="Statistiques" description="Utilisation du portail sur la période choisie."
        actions={<DatePickerInput type="range" label="Période" value={range} onChange={(v) => setRange(v as [string | null, string | null])} valueFormat="DD/MM/YYYY" w={260} maxDate={todayIso()} />} />
      {stats === undefined && <Group><Loader size="sm" /><Text>Chargement des statistiques…</Text></Group>}
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
            <Title order={2} size="h4" mb="md">Connexions par jour</Title>
            {stats.signInsByDay.length === 0 ? <Text c="dimmed">Aucune connexion sur la période.</Text> : (
              <BarChart h={260} data={chartDays(stats.period.start, stats.period.end, stats.signInsByDay)} dataKey="jour"
                series={[{ name: 'Connexions', color: 'blue.6' }]} tickLine="y" />
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
      <Text c="dimmed" size="sm">{label}</Text>
      <Text fw={700} size="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>{value.toLocaleString('fr-FR')}</Text>
    </Card>
  );
}
