import { Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarMonth,
  IconChartBar,
  IconClock,
  IconFileDescription,
} from '@tabler/icons-react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { todayInParis } from '../../../domain/dates';
import { useInvoicingDashboard } from '../dashboard-data';
import {
  euro,
  invoiceCount,
  limitGauge,
  limitText,
  monthLong,
  quoteCount,
  type InvoicingDashboard,
} from '../dashboard-model';
import { AgeingSection } from './ageing-card';
import { FigureCard } from './figure-card';
import { TurnoverChart } from './turnover-chart';

/** /mes-factures/dashboard: turnover, receivables, open quotes and the Starter limit, online or from the device. */
export function InvoicingDashboardPage() {
  const { data, fetchedAt, loading, fromDevice } = useInvoicingDashboard();
  return (
    <Stack gap="md">
      <PageHeader
        title="Tableau de bord"
        description="Vos ventes, vos impayés et vos devis en un coup d’œil."
        actions={fromDevice && data ? <DataAge fetchedAt={fetchedAt} always /> : undefined}
      />
      {loading ? (
        <Stack gap="md" aria-busy>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={118} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={360} radius="md" />
        </Stack>
      ) : data ? (
        <Figures data={data} />
      ) : (
        // ERR-13: the dashboard's failures are silent; no figures is said plainly.
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text fw={600}>Aucun chiffre à afficher pour le moment.</Text>
            <Text c="dimmed" size="sm" ta="center">
              Les chiffres de facturation s’afficheront ici dès qu’ils pourront être chargés.
            </Text>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Figures({ data }: { data: InvoicingDashboard }) {
  const month = todayInParis(new Date()).slice(0, 7);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
        <FigureCard
          label="Chiffre d’affaires du mois"
          value={euro(data.turnoverMonth)}
          detail={`${monthLong(month)}, hors taxes`}
          icon={IconCalendarMonth}
        />
        <FigureCard
          label="Chiffre d’affaires de l’année"
          value={euro(data.turnoverYear)}
          detail={`Année ${month.slice(0, 4)}, hors taxes`}
          icon={IconChartBar}
        />
        <FigureCard
          label="Factures impayées"
          value={euro(data.unpaidAmount)}
          detail={`${invoiceCount(data.unpaidCount)} à encaisser, TTC`}
          icon={IconClock}
          color="orange"
        />
        <FigureCard
          label="Factures en retard"
          value={euro(data.overdueAmount)}
          detail={`${invoiceCount(data.overdueCount)} dont l’échéance est passée`}
          icon={IconAlertTriangle}
          color="red"
          alert={data.overdueCount > 0}
        />
        {data.openQuotesAmount != null && (
          <FigureCard
            label="Devis ouverts"
            value={euro(data.openQuotesAmount)}
            detail={`${quoteCount(data.openQuotesCount ?? 0)} en cours ou acceptés, HT`}
            icon={IconFileDescription}
            color="teal"
          />
        )}
        {data.monthlyLimit != null && <LimitCard validated={data.validatedThisMonth} limit={data.monthlyLimit} />}
      </SimpleGrid>
      <TurnoverChart monthly={data.monthly} />
      <AgeingSection />
    </>
  );
}

/** Starter subscription: validated invoices of the month against the limit. */
function LimitCard({ validated, limit }: { validated: number; limit: number }) {
  const gauge = limitGauge(validated, limit);
  const text = limitText(validated, limit);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="Limite mensuelle de factures validées">
      <Text size="sm" c="dimmed" fw={500}>
        Limite mensuelle (Starter)
      </Text>
      <Text fw={700} fz={20} mt={6}>
        {text}
      </Text>
      <Progress value={gauge.percent} color={gauge.color} size="lg" radius="xl" my="xs" aria-label={text} />
      <Group gap={4}>
        <Text size="sm" c={gauge.color === 'red' ? 'red.8' : 'dimmed'}>
          {gauge.note}
        </Text>
      </Group>
    </Card>
  );
}
