import { Alert, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListPagination } from '../../../components/page/list-pagination';
import type { ServerData } from '../../../data/sync/use-server-data';
import type { Page } from '../../../contract/common';
import type { ListParams, ManagedUser } from '../api/admin-api';
import { UsersTable, type UserAction } from './users-table';

export const PAGE_SIZE = 25;

/** The search box, the page of users and its pagination. The query is the server's (?q=, ?page=). */
export function UsersPanel({
  read,
  params,
  onParams,
  self,
  online,
  onAction,
}: {
  read: ServerData<Page<ManagedUser>>;
  params: ListParams;
  onParams: (p: ListParams) => void;
  self: number | undefined;
  online: boolean;
  onAction: (action: UserAction, user: ManagedUser) => void;
}) {
  const [text, setText] = useState(params.q ?? '');
  // One request once typing pauses, not one per letter.
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    if ((params.q ?? '') !== debounced) onParams({ ...params, q: debounced || undefined, page: 1 });
  }, [debounced, params, onParams]);

  // While the next page or search loads, the previous one stays (no flash of an empty screen).
  const [last, setLast] = useState(read.data);
  if (read.data && read.data !== last) setLast(read.data);
  const page = read.data ?? last;
  return (
    <Stack gap="sm">
      <TextInput
        label="Rechercher un utilisateur"
        placeholder="Nom, prénom, identifiant ou e-mail"
        leftSection={<IconSearch size={18} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        size="md"
        maw={480}
        type="search"
      />
      {read.loading && !page && (
        <Group>
          <Loader size="sm" />
          <Text>Chargement des utilisateurs…</Text>
        </Group>
      )}
      {read.error && !page && online && (
        <Alert color="red" role="alert">
          {read.error.message ?? 'La liste des utilisateurs n’a pas pu être lue.'}
        </Alert>
      )}
      {page && page.items.length === 0 && (
        <Text c="dimmed">
          {params.q ? `Aucun utilisateur ne correspond à « ${params.q} ».` : 'Aucun utilisateur dans cette société.'}
        </Text>
      )}
      {page && page.items.length > 0 && (
        <UsersTable users={page.items} self={self} disabled={!online} onAction={onAction} />
      )}
      {page && page.total > 0 && (
        <ListPagination
          page={params.page}
          pageSize={params.pageSize}
          total={page.total}
          onChange={(p) => onParams({ ...params, page: p })}
        />
      )}
    </Stack>
  );
}
