import { FigureCard, TABULAR } from '../../../components/page/figure-card';
import { Card, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { ChoiceBar } from '../../../components/choice-bar';
import { PHONE_FIGURES, usePhone } from '../../../components/use-phone';
import { DatePickerInput } from '../../../components/dates';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { todayInParis } from '../../../domain/dates';
import { formatCount, formatDate, formatMoney, formatMonth } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import { PAYMENT_METHOD_LABELS, PERIOD_PRESETS, periodOf, presetOf, type PeriodPreset } from '../cash-model';
import {
  monthlyDashboardData,
  registersData,
  revenuesDashboardData,
  salesDashboardData,
  stakeDashboardData,
  type DashboardParams,
} from '../cash-registers-data';

const route = getRouteApi('/app/mes-caisses/dashboard');

// The chart library is loaded with the first chart, not with the screen's figures.
const ComparedBars = lazy(() => import('./cash-charts').then((m) => ({ default: m.ComparedBars })));

const PERIOD = 'Période';
const PREVIOUS = 'Année précédente';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The route's validated search (validateSearch in src/routes). */
type Search = ReturnType<typeof route.useSearch>;

/** The four reads of the dashboard, for one period and register (none while the period is invalid). */
function useDashboard(params: DashboardParams | null) {
  return {
    sales: useServerData(salesDashboardData, params),
    revenues: useServerData(revenuesDashboardData, params),
    stake: useServerData(stakeDashboardData, params),
    monthly: useServerData(monthlyDashboardData, params),
  };
}
type Dashboard = ReturnType<typeof useDashboard>;

/** /mes-caisses/dashboard: sales against last year, revenues by means of payment, cash stakes, monthly result. */
export function CashDashboardPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const today = todayInParis(new Date());
  const preset = periodOf('mois', today);
  const dateStart = search.du && DAY.test(search.du) ? search.du : preset.dateStart;
  const dateEnd = search.au && DAY.test(search.au) ? search.au : preset.dateEnd;
  const valid = dateStart <= dateEnd;
  const params: DashboardParams | null = valid
    ? { dateStart, dateEnd, ...(search.caisse ? { register: search.caisse } : {}) }
    : null;
  const registers = useServerData(registersData, NO_PARAMS);
  const { sales, revenues, stake, monthly } = useDashboard(params);
  const fromDevice = !online || sales.status === 'offline' || sales.status === 'error';
  const set = (patch: Search) =>
    void navigate({
      to: '/mes-caisses/dashboard',
      search: { caisse: search.caisse, du: dateStart, au: dateEnd, ...patch } as never,
      replace: true,
    });
  const current = presetOf(dateStart, dateEnd, today);

  return (
    <Stack gap="md">
      <PageHeader
        title="Tableau de bord des caisses"
        description="Vos ventes, vos encaissements et vos espèces sur la période choisie."
        actions={fromDevice && sales.data ? <DataAge fetchedAt={sales.fetchedAt} always /> : undefined}
      />
      <DashboardFilters
        today={today}
        dateStart={dateStart}
        dateEnd={dateEnd}
        valid={valid}
        preset={current}
        register={search.caisse}
        registers={registers.data}
        set={set}
      />

      <DashboardFigures sales={sales} revenues={revenues} stake={stake} />

      <Section title="Ventes par jour" loading={sales.loading}>
        {sales.data && (
          <Compared
            caption="Ventes TTC par jour"
            first="Jour"
            rows={sales.data.days.map((d) => ({
              key: d.day,
              label: formatDate(d.day),
              amount: d.amount,
              previous: d.previousYear,
            }))}
          />
        )}
      </Section>
      <Section title="Ventes par mois" loading={sales.loading}>
        {sales.data && (
          <Compared
            caption="Ventes TTC par mois"
            first="Mois"
            rows={sales.data.months.map((m) => ({
              key: m.month,
              label: formatMonth(m.month, 'shortYear'),
              amount: m.amount,
              previous: m.previousYear,
            }))}
          />
        )}
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Encaissements par moyen de paiement" loading={revenues.loading}>
          {revenues.data && (
            <FiguresTable
              caption="Encaissements par moyen de paiement"
              head={['Moyen de paiement', 'Montant']}
              rows={revenues.data.byPaymentMethod.map((r) => [
                r.label || PAYMENT_METHOD_LABELS[r.paymentMethod],
                formatMoney(r.amount),
              ])}
              foot={['Total', formatMoney(revenues.data.total)]}
            />
          )}
        </Section>
        <Section title="Résultat de caisse par mois" loading={monthly.loading}>
          {monthly.data && (
            <FiguresTable
              caption="Résultat de caisse par mois"
              head={['Mois', 'Ventes HT', 'Dépenses', 'Résultat']}
              rows={monthly.data.months.map((m) => [
                formatMonth(m.month, 'shortYear'),
                formatMoney(m.salesExclTax),
                formatMoney(m.expenses),
                formatMoney(m.result),
              ])}
            />
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

function Section({ title, loading, children }: { title: string; loading: boolean; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {loading ? (
        <Skeleton height={200} />
      ) : (
        (children ?? <Text c="dimmed">Aucun chiffre à afficher pour le moment.</Text>)
      )}
    </Card>
  );
}

function Compared({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: Array<{ key: string; label: string; amount: number; previous: number }>;
}) {
  if (rows.length === 0 || rows.every((r) => r.amount === 0 && r.previous === 0))
    return <Text c="dimmed">Aucune vente sur cette période.</Text>;
  return (
    <>
      <div aria-hidden>
        <Suspense fallback={<Skeleton height={260} />}>
          <ComparedBars
            data={rows.map((r) => ({ label: r.label, [PERIOD]: r.amount, [PREVIOUS]: r.previous }))}
            dataKey="label"
            series={[
              { name: PERIOD, color: 'blue.6' },
              { name: PREVIOUS, color: 'gray.5' },
            ]}
          />
        </Suspense>
      </div>
      <VisuallyHidden>
        <FiguresTable
          caption={caption}
          head={[first, 'Ventes TTC', 'Année précédente']}
          rows={rows.map((r) => [r.label, formatMoney(r.amount), formatMoney(r.previous)])}
        />
      </VisuallyHidden>
    </>
  );
}

function FiguresTable({
  caption,
  head,
  rows,
  foot,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  foot?: string[];
}) {
  // On a phone, four columns of amounts kept whole (« 34 893,63 € ») are wider than the card at the
  // usual size: smaller type and tighter cells, rather than figures cut off at the screen's edge.
  const phone = usePhone();
  if (rows.length === 0) return <Text c="dimmed">Aucun chiffre sur cette période.</Text>;
  return (
    <Table aria-label={caption} style={TABULAR} striped {...(phone ? PHONE_FIGURES : {})}>
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={h} ta={i ? 'right' : undefined}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r[0]}>
            {r.map((c, i) => (
              <Table.Td key={i} ta={i ? 'right' : undefined} style={{ whiteSpace: i ? 'nowrap' : undefined }}>
                {c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {foot && (
        <Table.Tfoot>
          <Table.Tr>
            {foot.map((c, i) => (
              <Table.Th key={i} ta={i ? 'right' : undefined}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}

/** The period (a preset or two dates) and the register (or all of them) the figures are for. */
function DashboardFilters({
  today,
  dateStart,
  dateEnd,
  valid,
  preset,
  register,
  registers,
  set,
}: {
  today: string;
  dateStart: string;
  dateEnd: string;
  valid: boolean;
  preset: ReturnType<typeof presetOf>;
  register: string | undefined;
  registers: readonly { uuid: string; label: string }[] | undefined;
  set: (patch: Search) => void;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <ChoiceBar
          aria-label="Période prédéfinie"
          data={[...PERIOD_PRESETS]}
          value={preset ?? ''}
          onChange={(v) =>
            set({ du: periodOf(v as PeriodPreset, today).dateStart, au: periodOf(v as PeriodPreset, today).dateEnd })
          }
          size="md"
          styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DatePickerInput
            label="Du"
            size="md"
            valueFormat="DD/MM/YYYY"
            value={dateStart}
            maxDate={today}
            onChange={(v) => v && set({ du: String(v).slice(0, 10) })}
            w={170}
          />
          <DatePickerInput
            label="Au"
            size="md"
            valueFormat="DD/MM/YYYY"
            value={dateEnd}
            minDate={dateStart}
            maxDate={today}
            onChange={(v) => v && set({ au: String(v).slice(0, 10) })}
            error={valid ? undefined : 'La fin doit suivre le début.'}
            w={170}
          />
          <Select
            size="md"
            label="Caisse"
            data={[
              { value: '', label: 'Toutes les caisses' },
              ...(registers ?? []).map((r) => ({ value: r.uuid, label: r.label })),
            ]}
            value={register ?? ''}
            allowDeselect={false}
            onChange={(v) => set({ caisse: v || undefined })}
          />
        </Group>
      </Stack>
    </Card>
  );
}

/** The period's figures: sales against last year, revenues, the cash in drawers, deposits, expenses, differences. */
function DashboardFigures({ sales, revenues, stake }: Pick<Dashboard, 'sales' | 'revenues' | 'stake'>) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      <FigureCard label="Ventes TTC" loading={sales.loading} value={sales.data && formatMoney(sales.data.total)}>
        {sales.data && `${formatMoney(sales.data.previousYearTotal)} sur la même période l’an dernier`}
      </FigureCard>
      <FigureCard
        label="Encaissements"
        loading={revenues.loading}
        value={revenues.data && formatMoney(revenues.data.total)}
      >
        Tous moyens de paiement
      </FigureCard>
      <FigureCard
        label="Espèces en tiroir"
        loading={stake.loading}
        value={stake.data && formatMoney(stake.data.cashInDrawers)}
      >
        {stake.data && `${formatCount(stake.data.openDays, 'journée ouverte', 'journées ouvertes')}`}
      </FigureCard>
      <FigureCard
        label="Remises en banque"
        loading={stake.loading}
        value={stake.data && formatMoney(stake.data.bankDeposits)}
      >
        Espèces déposées à la banque
      </FigureCard>
      <FigureCard
        label="Dépenses en espèces"
        loading={stake.loading}
        value={stake.data && formatMoney(stake.data.cashExpenses)}
      >
        Payées avec l’argent du tiroir
      </FigureCard>
      <FigureCard
        label="Écarts de caisse"
        loading={stake.loading}
        value={stake.data && formatMoney(stake.data.differences)}
      >
        {stake.data && formatCount(stake.data.differenceDays, 'journée avec écart', 'journées avec écart')}
      </FigureCard>
    </SimpleGrid>
  );
}
