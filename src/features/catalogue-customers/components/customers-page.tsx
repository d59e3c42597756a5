import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { customersData, environmentData } from '../../../data/datasets';
import { useServerRows } from '../../../data/sync/use-server-rows';
import { usePendingKeys } from '../../../data/use-pending-keys';
import { useTablesOnOpen } from '../../../data/sync/use-tables-on-open';
import { can } from '../../../domain/rights';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { filterCustomers, indexCustomers, isArchived, withArchived, type CustomerRow } from '../customer-model';
import { CustomerFormModal } from './customer-form-modal';
import { useCustomerRemoval } from './customer-removal';
import { CustomerTable } from './customer-table';
import { useSearchFilters } from '../../../lib/use-search-filters';
import { formatCount } from '../../../domain/format';

const CATALOGUE_SEARCH = { q: '' };

const count = (n: number) => formatCount(n, 'client');

/** Refreshed when the page opens: the customers and the environment their form reads. */
const OPENED = [customersData, environmentData];

/** /mes-factures/mes-clients: customers from the local copy (works offline), search, create, edit, delete. */
export function CustomersPage() {
  const companyId = useAtomValue(currentCompanyAtom)?.id ?? 0;
  const profile = useAtomValue(profileAtom);
  const allows = (p: 'create' | 'edit' | 'delete') => can(profile, p, { menu: 'mesFactures', child: 'gestionClients' });
  const { rows, fetchedAt } = useServerRows<CustomerRow>(customersData);
  const { refreshing, error: refreshError, unreachable, retry } = useTablesOnOpen(OPENED);
  const pending = usePendingKeys('customer');
  // The search lives in the URL (decision 022): back from a sheet, the list is still filtered.
  const [search, patchSearch] = useSearchFilters('/app/mes-factures/mes-clients', CATALOGUE_SEARCH);
  const query = search.q;
  const setQuery = (q: string) => patchSearch({ q });
  const deferredQuery = useDeferredValue(query);
  // Decision 046: archived customers are listed only when asked (with their « Archivé » badge).
  const [showArchived, setShowArchived] = useState(false);
  const archivedCount = useMemo(() => (rows ?? []).filter(isArchived).length, [rows]);
  const index = useMemo(() => indexCustomers(withArchived(rows ?? [], showArchived)), [rows, showArchived]);
  const shown = useMemo(() => filterCustomers(index, deferredQuery), [index, deferredQuery]);
  const [form, setForm] = useState<{ opened: boolean; row: CustomerRow | null }>({ opened: false, row: null });
  const openForm = useCallback((row: CustomerRow | null) => setForm({ opened: true, row }), []);
  const removal = useCustomerRemoval(companyId);

  const loading = rows === undefined || (rows.length === 0 && fetchedAt === null && refreshing);
  const total = index.rows.length;

  return (
    <Stack gap="md">
      <PageHeader
        title="Mes clients"
        description="Vos clients, leurs adresses et leurs conditions de paiement."
        actions={
          allows('create') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)} mih={44}>
              Nouveau client
            </Button>
          )
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Rechercher un client"
          placeholder="Nom, numéro de compte, ville ou e-mail"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={{ base: '100%', sm: 380 }}
          type="search"
        />
        <Group gap="md">
          {archivedCount > 0 && (
            <Switch
              label={`Afficher les clients archivés (${archivedCount})`}
              checked={showArchived}
              onChange={(e) => setShowArchived(e.currentTarget.checked)}
            />
          )}
          {/* Server unreachable though online (decision 047): the copy's age, as offline. */}
          <DataAge fetchedAt={fetchedAt} always={unreachable} />
          {!loading && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {deferredQuery.trim() ? `${count(shown.length)} sur ${formatCount(total)}` : count(total)}
            </Text>
          )}
        </Group>
      </Group>
      {refreshError && (
        <Alert color="orange" title="Impossible d’actualiser la liste des clients">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{refreshError}</Text>
            <Button variant="light" color="orange" onClick={retry} mih={44}>
              Réessayer
            </Button>
          </Group>
        </Alert>
      )}
      {!loading && total === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text fw={600}>Aucun client pour le moment.</Text>
          <Text c="dimmed" size="sm">
            Ajoutez vos clients pour leur adresser devis et factures.
          </Text>
          {allows('create') && (
            <Button variant="light" onClick={() => openForm(null)} mih={44}>
              Créer un client
            </Button>
          )}
        </Stack>
      ) : !loading && shown.length === 0 ? (
        <Text py="xl" ta="center" c="dimmed">
          Aucun client ne correspond à « {deferredQuery.trim()} ».
        </Text>
      ) : (
        <CustomerTable
          rows={loading ? undefined : shown}
          pending={pending}
          canEdit={allows('edit')}
          canDelete={allows('delete')}
          onEdit={openForm}
          onDelete={removal.askDelete}
        />
      )}
      <CustomerFormModal
        opened={form.opened}
        row={form.row}
        companyId={companyId}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
      />
      {removal.modals}
    </Stack>
  );
}
