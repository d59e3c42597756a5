import { Stack } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatDate, formatMoney } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import { periodsData, resultData } from '../accounting-data';

/**
 * Home (decision 042, « Ma comptabilité »): the latest exercise's result, revenue and expenses. Read
 * from the same kept answers as the accounting dashboard (the exercises, then the exercise's
 * result), so the tablet shows them offline too, and the sign-in prefetch's requests serve it.
 */
export function AccountingResultWidget() {
  const online = useOnline();
  const periods = useServerData(periodsData, NO_PARAMS);
  // Latest first (by closing date), as the server lists them and as its dashboards pick by default.
  const latest = periods.data?.[0];
  const read = useServerData(resultData, latest ? { exercise: latest.id } : null);
  const data = latest ? read.data : undefined;
  const noExercise = periods.data?.length === 0;
  const loading = !data && !noExercise && (periods.loading || read.loading);
  const detail = noExercise
    ? 'Aucun exercice n’a encore été importé par votre cabinet.'
    : data?.exercise
      ? `Exercice du ${formatDate(data.exercise.dateStart)} au ${formatDate(data.exercise.dateEnd)}`
      : loading
        ? undefined
        : online
          ? 'Le résultat n’a pas pu être chargé.'
          : 'Le résultat s’affiche une fois la connexion revenue.';
  return (
    <HomeWidget
      title="Résultat de l’exercice"
      icon={IconCalculator}
      color="grape"
      loading={loading}
      figure={data?.exercise ? formatMoney(data.result) : undefined}
      detail={detail}
      link={{ to: '/ma-comptabilite/dashboard', label: 'Voir le tableau de bord comptable' }}
    >
      {data?.exercise && (
        <Stack gap={4}>
          <WidgetRow label="Produits" value={formatMoney(data.revenue)} />
          <WidgetRow label="Charges" value={formatMoney(data.expenses)} />
        </Stack>
      )}
    </HomeWidget>
  );
}
