import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { DataAge } from '../../../components/offline/data-age';
import { PageHeader } from '../../../components/page/page-header';
import { articlesData, environmentData } from '../../../data/datasets';
import { useServerRows } from '../../../data/sync/use-server-rows';
import { usePendingKeys } from '../../../data/use-pending-keys';
import { useTablesOnOpen } from '../../../data/sync/use-tables-on-open';
import { can } from '../../../domain/rights';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { deleteArticle } from '../api/article-mutations';
import { articleFeedback } from '../article-feedback';
import { filterArticles, indexArticles, type ArticleRow } from '../article-model';
import { ArticleFormModal } from './article-form-modal';
import { ArticleTable } from './article-table';
import { ConfirmDeleteModal } from '../../../components/confirm-modal';
import { showFeedback } from './show-feedback';
import { useSearchFilters } from '../../../lib/use-search-filters';
import { formatCount } from '../../../domain/format';

const CATALOGUE_SEARCH = { q: '' };
/** Refreshed when the page opens: the articles and the environment their form reads. */
const OPENED = [articlesData, environmentData];

const count = (n: number) => formatCount(n, 'article');

/** /mes-factures/mes-articles: the catalogue from the local copy (works offline), search, create, edit, delete. */
export function ArticlesPage() {
  const companyId = useAtomValue(currentCompanyAtom)?.id ?? 0;
  const profile = useAtomValue(profileAtom);
  const allows = (p: 'create' | 'edit' | 'delete') =>
    can(profile, p, { menu: 'mesFactures', child: 'gestionArticles' });
  const { rows, fetchedAt } = useServerRows<ArticleRow>(articlesData);
  const { refreshing, error: refreshError, unreachable, retry } = useTablesOnOpen(OPENED);
  const pending = usePendingKeys('item');
  // The search lives in the URL (decision 022): back from a sheet, the list is still filtered.
  const [search, patchSearch] = useSearchFilters('/app/mes-factures/mes-articles', CATALOGUE_SEARCH);
  const query = search.q;
  const setQuery = (q: string) => patchSearch({ q });
  const deferredQuery = useDeferredValue(query);
  const index = useMemo(() => indexArticles(rows ?? []), [rows]);
  const shown = useMemo(() => filterArticles(index, deferredQuery), [index, deferredQuery]);
  // The row stays while the modal closes so its title does not flicker to "Nouvel article".
  const [form, setForm] = useState<{ opened: boolean; row: ArticleRow | null }>({ opened: false, row: null });
  const openForm = useCallback((row: ArticleRow | null) => setForm({ opened: true, row }), []);
  const [toDelete, setToDelete] = useState<ArticleRow | null>(null);
  const [deleting, setDeleting] = useState(false);

  // No copy yet and one on its way: skeleton rather than "no article".
  const loading = rows === undefined || (rows.length === 0 && fetchedAt === null && refreshing);
  const total = rows?.length ?? 0;

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const feedback = articleFeedback('delete', await deleteArticle(companyId, toDelete));
      showFeedback(feedback);
      if (feedback.settled) setToDelete(null);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Mes articles"
        description="Le catalogue des articles repris sur vos devis et vos factures."
        actions={
          allows('create') && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)} mih={44}>
              Nouvel article
            </Button>
          )
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Rechercher un article"
          placeholder="Code, désignation ou libellé"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={{ base: '100%', sm: 380 }}
          type="search"
        />
        <Group gap="md">
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
        <Alert color="orange" title="Impossible d’actualiser la liste des articles">
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
          <Text fw={600}>Aucun article pour le moment.</Text>
          <Text c="dimmed" size="sm">
            Créez vos articles pour les ajouter en un clic à vos devis et factures.
          </Text>
          {allows('create') && (
            <Button variant="light" onClick={() => openForm(null)} mih={44}>
              Créer un article
            </Button>
          )}
        </Stack>
      ) : !loading && shown.length === 0 ? (
        <Text py="xl" ta="center" c="dimmed">
          Aucun article ne correspond à « {deferredQuery.trim()} ».
        </Text>
      ) : (
        <ArticleTable
          pending={pending}
          rows={loading ? undefined : shown}
          canEdit={allows('edit')}
          canDelete={allows('delete')}
          onEdit={openForm}
          onDelete={setToDelete}
        />
      )}
      <ArticleFormModal
        opened={form.opened}
        row={form.row}
        companyId={companyId}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
      />
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Supprimer l’article"
        message={
          toDelete
            ? `Voulez-vous vraiment supprimer l’article ${toDelete.code}${toDelete.designation ? ` (${toDelete.designation})` : ''} ? Cette action est définitive.`
            : ''
        }
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
