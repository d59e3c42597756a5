import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFolderCheck } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ListPagination } from '../../../components/page/list-pagination';
import { readApiError } from '../../../lib/http';
import { profileAtom } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { createBatch, fetchBatch } from '../api/inbox-api';
import type { BatchView, DepositItem } from '../api/inbox-types';
import { groupByCompany } from '../deposit-selection';
import { useDeposits } from '../use-deposits';
import { DepositsTable } from './deposits-table';

const PAGE_SIZE = 25;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** For the firm (user type 1): files deposited by its companies, taken into processing and filed as documents. */
export function FirmBatchPanel() {
  const profile = useAtomValue(profileAtom);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<number, DepositItem>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const { data, refresh } = useDeposits('admin', { page, pageSize: PAGE_SIZE, q: '', status: 'deposited' });
  const items = data && data !== 'error' ? data.items : null;

  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Map(s);
      const item = items?.find((d) => d.id === id);
      if (n.has(id)) n.delete(id);
      else if (item) n.set(id, item);
      return n;
    });
  const togglePage = () =>
    setSelected((s) => {
      const n = new Map(s);
      const all = (items ?? []).every((d) => n.has(d.id));
      for (const d of items ?? [])
        if (all) n.delete(d.id);
        else n.set(d.id, d);
      return n;
    });

  async function file() {
    const groups = groupByCompany([...selected.values()]);
    const total = selected.size;
    setProgress({ done: 0, total });
    try {
      const batches: Array<{ companyId: number; view: BatchView }> = [];
      for (const [companyId, ids] of groups) batches.push({ companyId, view: await createBatch(companyId, ids) });
      for (let i = 0; i < 240 && batches.some((b) => b.view.status !== 'done'); i++) {
        await wait(500);
        for (const b of batches) if (b.view.status !== 'done') b.view = await fetchBatch(b.companyId, b.view.id);
        setProgress({ done: batches.reduce((s, b) => s + b.view.processed, 0), total });
      }
      if (batches.every((b) => b.view.status === 'done'))
        toastSuccess(
          'Fichiers classés',
          `${total} fichier${total > 1 ? 's' : ''} classé${total > 1 ? 's' : ''} dans les documents des sociétés.`,
        );
    } catch (error) {
      const e = await readApiError(error);
      toastError(
        'Le classement a échoué',
        e.errors.length ? e.errors : (e.message ?? 'Vérifiez votre connexion puis réessayez.'),
      );
    } finally {
      setProgress(null);
      setSelected(new Map());
      refresh();
    }
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Fichiers à classer (cabinet)
          </Title>
          <Button
            size="md"
            leftSection={<IconFolderCheck size={18} />}
            disabled={selected.size === 0 || progress !== null}
            loading={progress !== null}
            onClick={() => void file()}
          >
            Classer les fichiers sélectionnés
          </Button>
        </Group>
        {progress && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              Classement en cours : {progress.done} sur {progress.total}
            </Text>
            <Progress
              value={(progress.done / Math.max(1, progress.total)) * 100}
              aria-label="Progression du classement"
              size="lg"
            />
          </Stack>
        )}
        {data === 'error' && <Alert color="red">La liste des dépôts n’a pas pu être chargée.</Alert>}
        {data && data !== 'error' && data.total === 0 ? (
          <Text c="dimmed">Aucun fichier en attente de classement.</Text>
        ) : (
          data !== 'error' && (
            <DepositsTable
              items={items}
              viewerId={profile?.id ?? 0}
              showCompany
              selected={new Set(selected.keys())}
              onToggle={toggle}
              onTogglePage={togglePage}
            />
          )
        )}
        {data && data !== 'error' && data.total > 0 && (
          <ListPagination page={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />
        )}
      </Stack>
    </Paper>
  );
}
