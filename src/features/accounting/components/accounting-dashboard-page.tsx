import { Group, SimpleGrid, Skeleton, Stack, Text, Card } from '@mantine/core';
import { FigureCard } from '../../../components/page/figure-card';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatMoney, formatMonth } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import {
  dashboardAccountsData,
  expensesData,
  incomesData,
  resultData,
  treasuryAccountsData,
  treasuryData,
} from '../accounting-data';
import type { MonthlyDashboard } from '../api/accounting-api';
import { ExerciseSelect, FiguresTable, Section } from './accounting-ui';
import { useExercise } from './use-exercise';

const route = getRouteApi('/app/ma-comptabilite/dashboard');

const MonthBars = lazy(() => import('./accounting-charts').then((m) => ({ default: m.MonthBars })));

const CURRENT = 'Exercice';
const PREVIOUS = 'Exercice précédent';

/** /ma-comptabilite/dashboard: produits, charges, résultat, trésorerie par mois face à l’exercice précédent. */
export function AccountingDashboardPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const online = useOnline();
  const { periods, exercises, exercise, remember } = useExercise(search.exercice);
  const params = exercise ? { exercise: exercise.id } : null;
  const accounts = useServerData(dashboardAccountsData, params);
  const result = useServerData(resultData, params);
  const incomes = useServerData(incomesData, params);
  const expenses = useServerData(expensesData, params);
  const treasury = useServerData(treasuryData, params);
  const treasuryAccounts = useServerData(treasuryAccountsData, params);
  const fromDevice = !online || result.status === 'offline' || result.status === 'error';
  // The exercise shown is the one kept on the device for offline reading.
  const shown = exercise?.id;
  useEffect(() => {
    if (shown) remember(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- remember is stable in effect (company-scoped write)
  }, [shown]);
  const none = exercises !== undefined && exercises.length === 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Tableau de bord comptable"
        description="Vos produits, vos charges, votre résultat et votre trésorerie, mois par mois, face à l’exercice précédent."
        actions={fromDevice && result.data ? <DataAge fetchedAt={result.fetchedAt} always /> : undefined}
      />
      <Card withBorder radius="md" padding="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ExerciseSelect
            exercises={exercises}
            value={exercise?.id}
            onChange={(id) =>
              void navigate({ to: '/ma-comptabilite/dashboard', search: { exercice: id }, replace: true })
            }
          />
          {periods.loading && <Skeleton height={36} width={200} />}
        </Group>
      </Card>
      {none ? (
        <Text c="dimmed">Aucun exercice n’a encore été importé par votre cabinet comptable.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <FigureCard
              label="Chiffre d’affaires et produits"
              loading={result.loading}
              value={result.data && formatMoney(result.data.revenue)}
            >
              {result.data?.previous && `${formatMoney(result.data.previous.revenue)} l’exercice précédent`}
            </FigureCard>
            <FigureCard
              label="Charges"
              loading={result.loading}
              value={result.data && formatMoney(result.data.expenses)}
            >
              {result.data?.previous && `${formatMoney(result.data.previous.expenses)} l’exercice précédent`}
            </FigureCard>
            <FigureCard
              label="Résultat"
              loading={result.loading}
              value={result.data && formatMoney(result.data.result)}
            >
              {result.data?.previous
                ? `${formatMoney(result.data.previous.result)} l’exercice précédent`
                : 'Produits (classe 7) moins charges (classe 6)'}
            </FigureCard>
            <FigureCard
              label="Trésorerie"
              loading={treasuryAccounts.loading}
              value={treasuryAccounts.data && formatMoney(treasuryAccounts.data.total)}
            >
              Banques (512) et caisses (53) en fin d’exercice
            </FigureCard>
            <FigureCard
              label="Créances clients"
              loading={accounts.loading}
              value={accounts.data && formatMoney(accounts.data.receivables)}
            >
              Comptes clients (411)
            </FigureCard>
            <FigureCard
              label="Dettes fournisseurs"
              loading={accounts.loading}
              value={accounts.data && formatMoney(accounts.data.payables)}
            >
              Comptes fournisseurs (401)
            </FigureCard>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Monthly title="Produits par mois" figure="Produits" data={incomes.data} loading={incomes.loading} />
            <Monthly title="Charges par mois" figure="Charges" data={expenses.data} loading={expenses.loading} />
            <Monthly
              title="Trésorerie en fin de mois"
              figure="Trésorerie"
              totalLabel="Fin d’exercice"
              data={treasury.data}
              loading={treasury.loading}
            />
            <Section title="Comptes de trésorerie" loading={treasuryAccounts.loading}>
              {treasuryAccounts.data && (
                <FiguresTable
                  caption="Comptes de trésorerie"
                  head={['Compte', 'Solde']}
                  rows={treasuryAccounts.data.accounts.map((a) => ({
                    key: a.account,
                    cells: [`${a.account} ${a.label}`, formatMoney(a.balance)],
                  }))}
                  foot={['Total', formatMoney(treasuryAccounts.data.total)]}
                />
              )}
            </Section>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** A monthly figure: the chart (lazy) and its table, the exercise against the previous one. */
function Monthly({
  title,
  figure,
  totalLabel = 'Total',
  data,
  loading,
}: {
  title: string;
  figure: string;
  /** The foot's label: a sum of flows (« Total »), or a stock at the end (« Fin d’exercice »). */
  totalLabel?: string;
  data: MonthlyDashboard | undefined;
  loading: boolean;
}) {
  const withPrevious = !!data?.months.some((m) => m.previous !== null);
  return (
    <Section title={title} loading={loading}>
      {data && data.months.length > 0 && (
        <div aria-hidden>
          <Suspense fallback={<Skeleton height={240} />}>
            <MonthBars
              data={data.months.map((m) => ({
                mois: formatMonth(m.month, 'short'),
                [CURRENT]: m.amount,
                ...(withPrevious ? { [PREVIOUS]: m.previous ?? 0 } : {}),
              }))}
              series={[
                { name: CURRENT, color: 'blue.7' },
                ...(withPrevious ? [{ name: PREVIOUS, color: 'gray.5' }] : []),
              ]}
            />
          </Suspense>
        </div>
      )}
      {data && (
        <FiguresTable
          caption={title}
          head={['Mois', figure, ...(withPrevious ? [PREVIOUS] : [])]}
          // « mars 2026 » on one line: the header « Exercice précédent » wraps instead.
          wrap={[]}
          rows={data.months.map((m) => ({
            key: m.month,
            cells: [
              formatMonth(m.month, 'shortYear'),
              formatMoney(m.amount),
              ...(withPrevious ? [m.previous === null ? '—' : formatMoney(m.previous)] : []),
            ],
          }))}
          foot={[
            totalLabel,
            formatMoney(data.total),
            ...(withPrevious ? [data.previousTotal === null ? '—' : formatMoney(data.previousTotal)] : []),
          ]}
        />
      )}
    </Section>
  );
}
