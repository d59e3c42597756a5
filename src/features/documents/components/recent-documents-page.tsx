import { Alert, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useServerData } from '../../../data/sync/use-server-data';
import { PageHeader } from '../../../components/page/page-header';
import { can } from '../../../domain/rights';
import { matchesSearch } from '../../../domain/search-text';
import { profileAtom } from '../../../lib/session';
import type { DocumentItem } from '../api/documents-api';
import { recentDocumentsData } from '../documents-data';
import { DocumentPreview } from './document-preview';
import { DocumentTable } from './document-table';

const RECENT_LIMIT = 30;

/** /mes-documents/documents-recents: the latest documents the firm filed, newest first. */
export function RecentDocumentsPage() {
  const canDownload = can(useAtomValue(profileAtom), 'download', { menu: 'mesDocuments' });
  const read = useServerData(recentDocumentsData, { limit: RECENT_LIMIT });
  const items: DocumentItem[] | null | 'error' = read.data ?? (read.loading ? null : 'error');
  const [q, setQ] = useState('');
  const [preview, setPreview] = useState<DocumentItem | null>(null);

  const list = Array.isArray(items) ? items.filter((d) => matchesSearch(`${d.name} ${d.categoryPath}`, q)) : null;
  const open = (doc: DocumentItem) => {
    setPreview(doc);
    if (Array.isArray(items))
      read.patch(items.map((d) => (d.id === doc.id ? { ...d, readAt: d.readAt ?? new Date().toISOString() } : d)));
  };
  return (
    <Stack>
      <PageHeader
        title="Documents récents"
        description={`Les ${RECENT_LIMIT} derniers documents classés par votre cabinet.`}
        actions={
          <Button component={Link} to="/mes-documents" variant="light" size="md">
            Tous mes documents
          </Button>
        }
      />
      <TextInput
        label="Rechercher parmi les documents récents"
        placeholder="Nom ou catégorie"
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={480}
        size="md"
      />
      {items === 'error' && (
        <Alert color="red" title="Les documents récents n’ont pas pu être chargés">
          Vérifiez votre connexion puis rechargez la page.
        </Alert>
      )}
      {list && list.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text fw={600}>
            {q.trim() ? `Aucun document récent ne correspond à « ${q.trim()} ».` : 'Aucun document récent.'}
          </Text>
          <Text c="dimmed" size="sm">
            Les nouveaux documents de votre cabinet apparaîtront ici.
          </Text>
        </Paper>
      ) : (
        items !== 'error' && <DocumentTable items={list} canDownload={canDownload} onPreview={open} />
      )}
      <DocumentPreview doc={preview} canDownload={canDownload} onClose={() => setPreview(null)} />
    </Stack>
  );
}
