import { Stack, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { can } from '../../../domain/rights';
import { profileAtom } from '../../../lib/session';
import { monthlyCounts } from '../monthly-counts';
import { useDeposits } from '../use-deposits';
import { DepositsPanel } from './deposits-panel';
import { FirmBatchPanel } from './firm-batch-panel';
import { MonthlyBars } from './monthly-bars';

/** /mes-depots (profil > mesDepots): the user's deposits over time; for the firm, the files to file. */
export function MyDepositsPage() {
  const profile = useAtomValue(profileAtom);
  // The firm's "dépôts" are those its companies send; a client's are their own.
  const firm = can(profile, 'firm');
  // The last 200 deposits cover a year for any ordinary client; the chart is a summary.
  const { data } = useDeposits(firm ? 'admin' : 'history', { page: 1, pageSize: 200, q: '', mine: !firm });
  const counts = useMemo(
    () =>
      data === null ? null : monthlyCounts(data === 'error' ? [] : data.items.map((d) => d.createdAt), new Date()),
    [data],
  );

  return (
    <Stack>
      <PageHeader
        title="Mes dépôts"
        description={
          firm
            ? 'Les fichiers déposés par les sociétés que vous suivez, au fil du temps.'
            : 'Les fichiers que vous avez déposés pour votre cabinet, au fil du temps.'
        }
      />
      {firm && <FirmBatchPanel />}
      <MonthlyBars counts={counts} />
      <Title order={2} size="h4">
        {firm ? 'Historique des dépôts' : 'Mes fichiers déposés'}
      </Title>
      {firm ? (
        <DepositsPanel kind="admin" emptyText="Aucun dépôt reçu pour le moment." />
      ) : (
        <DepositsPanel kind="history" mine emptyText="Vous n’avez encore déposé aucun fichier." />
      )}
    </Stack>
  );
}
