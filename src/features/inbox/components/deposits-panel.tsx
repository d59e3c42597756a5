import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileZip, IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ListPagination } from '../../../components/page/list-pagination';
import { DEPOSIT_STATUS_LABELS, DEPOSIT_STATUSES, type DepositStatus } from '../../../domain/deposits';
import { can } from '../../../domain/rights';
import { readApiError } from '../../../lib/http';
import { profileAtom } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useStateFor } from '../../../lib/use-state-for';
import { deleteDeposit, downloadDepositsZip } from '../api/inbox-api';
import type { DepositItem } from '../api/inbox-types';
import { useDeposits } from '../use-deposits';
import { DepositsTable } from './deposits-table';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = DEPOSIT_STATUSES.map((s) => ({ value: s, label: DEPOSIT_STATUS_LABELS[s] }));

/** One list of deposits (pending or history): search, status filter, paging, zip of a selection, withdrawal. */
export function DepositsPanel({
  kind,
  mine = false,
  emptyText,
}: {
  kind: 'inbox' | 'history' | 'admin';
  mine?: boolean;
  emptyText: string;
}) {
  const profile = useAtomValue(profileAtom);
  // The firm's list spans companies: the zip and withdrawal are company-scoped, so not offered there.
  const canDownload = kind !== 'admin' && can(profile, 'download', { menu: 'maBannette' });
  const canDelete = kind !== 'admin' && can(profile, 'delete', { menu: 'maBannette' });
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q, 300);
  const [status, setStatus] = useState<DepositStatus | null>(null);
  // Another search or status starts on its first page.
  const [page, setPage] = useStateFor(`${search}\n${status ?? ''}`, 1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [toDelete, setToDelete] = useState<DepositItem | null>(null);
  const [busy, setBusy] = useState(false);
  // A file kept on the device reached the server: the sync layer refreshes this list (decision 022).
  const { data, refresh } = useDeposits(kind, { page, pageSize: PAGE_SIZE, q: search, status, mine });

  const items = data && data !== 'error' ? data.items : null;
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const togglePage = () =>
    setSelected((s) => {
      const ids = items?.map((d) => d.id) ?? [];
      const all = ids.every((id) => s.has(id));
      const n = new Set(s);
      ids.forEach((id) => (all ? n.delete(id) : n.add(id)));
      return n;
    });
  const zip = async () => {
    setBusy(true);
    try {
      await downloadDepositsZip([...selected]);
    } catch {
      toastError(
        'Le téléchargement a échoué',
        'L’archive zip des fichiers sélectionnés n’a pas pu être créée. Réessayez dans un instant.',
      );
    } finally {
      setBusy(false);
    }
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteDeposit(toDelete.id);
      toastSuccess('Fichier supprimé', `« ${toDelete.name} » a été retiré de votre bannette.`);
      setSelected((s) => {
        const n = new Set(s);
        n.delete(toDelete.id);
        return n;
      });
      refresh();
    } catch (error) {
      const e = await readApiError(error);
      toastError('Suppression impossible', e.message ?? 'Vérifiez votre connexion puis réessayez.');
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return (
    <Stack>
      <DepositFilters q={q} onQ={setQ} status={kind === 'inbox' ? undefined : status} onStatus={setStatus} />
      {canDownload && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" aria-live="polite">
            {selected.size === 0
              ? 'Aucun fichier sélectionné'
              : `${selected.size} fichier${selected.size > 1 ? 's' : ''} sélectionné${selected.size > 1 ? 's' : ''}`}
          </Text>
          <Button
            size="md"
            leftSection={<IconFileZip size={18} />}
            disabled={selected.size === 0}
            loading={busy && !toDelete}
            onClick={() => void zip()}
          >
            Télécharger la sélection (zip)
          </Button>
        </Group>
      )}
      {data === 'error' ? (
        <Alert color="red" title="La liste n’a pas pu être chargée">
          <Group justify="space-between">
            <Text size="sm">Vérifiez votre connexion puis réessayez.</Text>
            <Button variant="light" color="red" onClick={() => refresh()}>
              Réessayer
            </Button>
          </Group>
        </Alert>
      ) : data && data.total === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text fw={600}>{search.trim() || status ? 'Aucun fichier ne correspond à votre recherche.' : emptyText}</Text>
        </Paper>
      ) : (
        <DepositsTable
          items={items}
          viewerId={profile?.id ?? 0}
          showCompany={kind === 'admin'}
          selected={canDownload ? selected : undefined}
          onToggle={toggle}
          onTogglePage={togglePage}
          onDelete={canDelete ? setToDelete : undefined}
        />
      )}
      {data && data !== 'error' && data.total > 0 && (
        <ListPagination page={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />
      )}
      <DeleteDepositModal
        deposit={toDelete}
        busy={busy}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

/** The search, and (but in the inbox) the status; `status` undefined: no status filter offered. */
function DepositFilters({
  q,
  onQ,
  status,
  onStatus,
}: {
  q: string;
  onQ: (q: string) => void;
  status: DepositStatus | null | undefined;
  onStatus: (status: DepositStatus | null) => void;
}) {
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label="Rechercher un fichier"
        placeholder="Nom ou catégorie"
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => onQ(e.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
        size="md"
      />
      {status !== undefined && (
        <Select
          label="Statut"
          placeholder="Tous les statuts"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(v) => onStatus(v as DepositStatus | null)}
          clearable
          w={240}
          size="md"
        />
      )}
    </Group>
  );
}

/** « Supprimer ce fichier ? »: a withdrawal is final. */
function DeleteDepositModal({
  deposit,
  busy,
  onCancel,
  onConfirm,
}: {
  deposit: DepositItem | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={deposit !== null}
      onClose={onCancel}
      title="Supprimer ce fichier ?"
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack>
        <Text>Le fichier « {deposit?.name} » sera retiré de votre bannette. Cette action est définitive.</Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onCancel}>
            Annuler
          </Button>
          <Button color="red" size="md" loading={busy} onClick={onConfirm}>
            Supprimer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
