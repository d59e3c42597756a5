import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileZip, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { can } from '../../../domain/rights';
import { profileAtom } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { clean, type DocumentsSearch } from '../../../lib/list-search';
import {
  downloadDocumentsZip,
  rememberCategory,
  type CategoryTreeNode,
  type DocumentItem,
  type DocumentSort,
} from '../api/documents-api';
import { isDocumentSort, PAGE_SIZE, selectionLabel, SORT_OPTIONS, toggle, togglePage } from '../list-state';
import { categoryTreeData } from '../documents-data';
import { useDocumentPage } from '../use-document-page';
import { CategoryTree } from './category-tree';
import { DocumentPreview } from './document-preview';
import { DocumentTable } from './document-table';
import { ListPagination } from '../../../components/page/list-pagination';

const route = getRouteApi('/app/mes-documents');

/** /mes-documents: category tree, searchable sorted paged list, preview, download, zip of a selection. */
export function DocumentsPage() {
  const canDownload = can(useAtomValue(profileAtom), 'download', { menu: 'mesDocuments' });
  // Filters live in the URL (decision 022); absent, the place the server remembered applies.
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const treeRead = useServerData(categoryTreeData, NO_PARAMS);
  const ready = !treeRead.loading;
  const tree: CategoryTreeNode[] | null = treeRead.data?.categories ?? (ready ? [] : null);
  const last = treeRead.data?.last ?? null;
  const category = search.category !== undefined ? search.category || null : last?.categoryId || null;
  const sort: DocumentSort = search.sort ?? (last && isDocumentSort(last.facet) ? last.facet : '-date');
  const page = search.page ?? 1;
  const [openHeadings, setExpanded] = useState<Set<number> | null>(null);
  const expanded = openHeadings ?? new Set((last?.headings ?? []).map(Number).filter(Number.isInteger));
  const [q, setTyped] = useState(search.q ?? '');
  // The list is read once the user pauses; the URL follows every keystroke (replace).
  const [typed] = useDebouncedValue(q, 300);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [preview, setPreview] = useState<DocumentItem | null>(null);
  const zip = useSelectionZip(selected);
  const { data, refresh, patch } = useDocumentPage(
    ready ? { page, pageSize: PAGE_SIZE, q: typed, sort, category } : null,
  );
  const setFilters = (next: Partial<DocumentsSearch>, replace = false) =>
    void navigate({ search: (prev) => clean({ ...prev, page: undefined, ...next }), replace });
  const words = typed.trim();
  const setPage = (p: number) => setFilters({ page: p > 1 ? p : undefined });

  const setQ = (value: string) => {
    setTyped(value);
    setFilters({ q: value || undefined }, true);
  };

  const remember = (c: number | null, s: DocumentSort, e: Set<number>) =>
    rememberCategory(c ?? 0, s, [...e].map(String));
  const selectCategory = (id: number | null) => {
    const next = id === null ? expanded : new Set(expanded).add(id);
    setFilters({ category: id ?? 0, sort });
    setExpanded(next);
    remember(id, sort, next);
  };
  const toggleHeading = (id: number, open: boolean) => {
    const next = new Set(expanded);
    if (open) next.add(id);
    else next.delete(id);
    setExpanded(next);
    remember(category, sort, next);
  };
  const changeSort = (value: string | null) => {
    if (!isDocumentSort(value)) return;
    setFilters({ category: category ?? 0, sort: value });
    remember(category, value, expanded);
  };
  const openPreview = (doc: DocumentItem) => {
    setPreview(doc);
    if (!doc.readAt && data && data !== 'error') {
      patch({
        ...data,
        items: data.items.map((d) => (d.id === doc.id ? { ...d, readAt: new Date().toISOString() } : d)),
      });
    }
  };

  const items = data && data !== 'error' ? data.items : null;
  const total = tree ? tree.reduce((s, n) => s + n.count, 0) : null;
  return (
    <Stack>
      <PageHeader
        title="Mes documents"
        description="Les documents que votre cabinet met à votre disposition, classés par catégorie."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper withBorder p="xs" radius="md">
            <CategoryTree
              tree={tree}
              selected={category}
              expanded={expanded}
              total={total}
              onSelect={selectCategory}
              onToggle={toggleHeading}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Rechercher un document"
                placeholder="Nom ou catégorie"
                leftSection={<IconSearch size={16} />}
                value={q}
                onChange={(e) => setQ(e.currentTarget.value)}
                style={{ flex: '1 1 240px' }}
                size="md"
              />
              <Select
                label="Trier par"
                data={SORT_OPTIONS}
                value={sort}
                onChange={changeSort}
                allowDeselect={false}
                w={260}
                size="md"
              />
            </Group>
            {canDownload && (
              <SelectionBar
                count={selected.size}
                zipping={zip.zipping}
                onClear={() => setSelected(new Set())}
                onZip={() => void zip.download()}
              />
            )}
            {data === 'error' ? (
              <DocumentsUnavailable onRetry={refresh} />
            ) : data && data.total === 0 ? (
              <NoDocuments words={words} inCategory={!!category} />
            ) : (
              <DocumentTable
                items={items}
                selected={selected}
                canDownload={canDownload}
                onPreview={openPreview}
                onToggle={(id) => setSelected((s) => toggle(s, id))}
                onTogglePage={() =>
                  items &&
                  setSelected((s) =>
                    togglePage(
                      s,
                      items.map((d) => d.id),
                    ),
                  )
                }
              />
            )}
            {data && data !== 'error' && data.total > 0 && (
              <ListPagination page={page} pageSize={PAGE_SIZE} total={data.total} onChange={setPage} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <DocumentPreview doc={preview} canDownload={canDownload} onClose={() => setPreview(null)} />
    </Stack>
  );
}

/** How many documents are ticked, « Tout désélectionner » and the zip of the selection. */
function SelectionBar({
  count,
  zipping,
  onClear,
  onZip,
}: {
  count: number;
  zipping: boolean;
  onClear: () => void;
  onZip: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" aria-live="polite">
        {selectionLabel(count)}
      </Text>
      <Group gap="xs">
        {count > 0 && (
          <Button variant="subtle" size="md" onClick={onClear}>
            Tout désélectionner
          </Button>
        )}
        <Button
          size="md"
          leftSection={<IconFileZip size={18} />}
          disabled={count === 0}
          loading={zipping}
          onClick={onZip}
        >
          Télécharger la sélection (zip)
        </Button>
      </Group>
    </Group>
  );
}

function DocumentsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" title="Vos documents n’ont pas pu être chargés">
      <Group justify="space-between">
        <Text size="sm">Vérifiez votre connexion puis réessayez.</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Réessayer
        </Button>
      </Group>
    </Alert>
  );
}

/** No document: none matches the words, none in the category, or none deposited yet. */
function NoDocuments({ words, inCategory }: { words: string; inCategory: boolean }) {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Text fw={600}>
        {words
          ? `Aucun document ne correspond à « ${words} ».`
          : inCategory
            ? 'Aucun document dans cette catégorie pour le moment.'
            : 'Votre cabinet n’a encore déposé aucun document.'}
      </Text>
      <Text c="dimmed" size="sm">
        {words
          ? 'Essayez un autre mot ou choisissez « Tous les documents ».'
          : 'Les documents apparaîtront ici dès que votre cabinet les aura classés.'}
      </Text>
    </Paper>
  );
}

/** The zip of the ticked documents, and whether it is being made. */
function useSelectionZip(selected: Set<number>) {
  const [zipping, setZipping] = useState(false);
  // Spec: single downloads fail silently, but a zip the user asked for says when it failed.
  const download = async () => {
    setZipping(true);
    try {
      await downloadDocumentsZip([...selected]);
    } catch {
      toastError(
        'Le téléchargement a échoué',
        'L’archive zip de vos documents n’a pas pu être créée. Réessayez dans un instant.',
      );
    } finally {
      setZipping(false);
    }
  };
  return { zipping, download };
}
