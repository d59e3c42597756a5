import { Stack, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { profileAtom } from '../../../lib/session';
import { fetchDeposits } from '../api/inbox-api';
import { monthlyCounts, type MonthCount } from '../monthly-counts';
import { DepositsPanel } from './deposits-panel';
import { FirmBatchPanel } from './firm-batch-panel';
import { MonthlyBars } from './monthly-bars';

/** /mes-depots (profil > mesDepots): the user's deposits over time; for the firm, the files to file. */
export function MyDepositsPage() {
  const profile = useAtomValue(profileAtom);
  const [counts, setCounts] = useState<MonthCount[] | null>(null);
  // The firm's "dépôts" are those its companies send; a client's are their own.
  const firm = profile?.userType === 1;

  useEffect(() => {
    const controller = new AbortController();
    // The last 200 deposits cover a year for any ordinary client; the chart is a summary.
    fetchDeposits(firm ? 'admin' : 'history', { page: 1, pageSize: 200, q: '', mine: !firm }, controller.signal)
      .then((p) => setCounts(monthlyCounts(p.items.map((d) => d.createdAt), new Date())))
      .catch(() => !controller.signal.aborted && setCounts(monthlyCounts([], new Date())));
    return () => controller.abort();
  }, [firm]);

  return (
    <Stack>
      <PageHeader title="Mes dépôts" description={firm ? 'Les fichiers déposés par les sociétés que vous suivez, au fil du temps.' : 'Les fichiers que vous avez déposés pour votre cabinet, au fil du temps.'} />
      {firm && <FirmBatchPanel />}
      <MonthlyBars counts={counts} />
      <Title order={2} size="h4">{firm ? 'Historique des dépôts' : 'Mes fichiers déposés'}</Title>
      {firm ? <DepositsPanel kind="admin" emptyText="Aucun dépôt reçu pour le moment." /> : <DepositsPanel kind="history" mine emptyText="Vous n’avez encore déposé aucun fichier." />}
    </Stack>
  );
}
