import { Stack } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { HomeWidget, WidgetRow } from '../../../components/page/home-widget';
import { defineServerData, NO_PARAMS, type NoParams } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { formatDate, formatMoney } from '../../../domain/format';
import { useOnline } from '../../../lib/online';
import { fetchResult, type ResultDashboard } from '../api/accounting-api';

// Kept in memory (decision 022), like the accounting dashboard it summarises.
const lastResultData = defineServerData<NoParams, ResultDashboard>({
  key: 'accountingHomeResult',
  keep: 'memory',
  fetch: (_, { companyId, signal }) => fetchResult(undefined, { companyId, signal }),
});

/** Home (issue 16, « Ma comptabilité »): the latest exercise's result, revenue and expenses. */
export function AccountingResultWidget() {
  const online = useOnline();
  const read = useServerData(lastResultData, NO_PARAMS);
  const data = read.data;
  const detail = !data
    ? read.loading
      ? undefined
      : online
        ? 'Le résultat n’a pas pu être chargé.'
        : 'Le résultat s’affiche une fois la connexion revenue.'
    : data.exercise
      ? `Exercice du ${formatDate(data.exercise.dateStart)} au ${formatDate(data.exercise.dateEnd)}`
      : 'Aucun exercice n’a encore été importé par votre cabinet.';
  return (
    <HomeWidget
      title="Résultat de l’exercice"
      icon={IconCalculator}
      color="grape"
      loading={!data && read.loading}
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
