import { Button, Stack, Tabs } from '@mantine/core';
import { IconHistory, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { NO_PARAMS } from '../../../data/sync/server-data';
import { useServerData } from '../../../data/sync/use-server-data';
import { useOnline } from '../../../lib/online';
import { currentCompanyAtom, profileAtom } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { grantableData, usersData } from '../admin-data';
import { removeFromCompany, setDisabled, type ListParams, type ManagedUser } from '../api/admin-api';
import { online as whenOnline } from '../feedback';
import { AddUserModal } from './add-user-modal';
import { AuditPanel } from './audit-panel';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EditAccessModal } from './edit-access-modal';
import { OfflineNotice } from './offline-notice';
import { PAGE_SIZE, UsersPanel } from './users-panel';
import type { UserAction } from './users-table';

type Pending = { action: 'disable' | 'remove'; user: ManagedUser } | null;

/**
 * /admin, « Gérer mes utilisateurs » (decision 040, NAV-19, RIGHTS-8): the users the manager manages in the
 * current company, the stepper to add one, and the company's rights journal. Online only: every
 * read and change is the server's, nothing waits on the device.
 */
export function AdminPage() {
  const profile = useAtomValue(profileAtom);
  const company = useAtomValue(currentCompanyAtom);
  const online = useOnline();
  const [tab, setTab] = useState<string | null>('users');
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: PAGE_SIZE });
  const users = useServerData(usersData, params);
  const grantable = useServerData(grantableData, NO_PARAMS);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const companies = grantable.data ?? [];

  async function changeStatus(user: ManagedUser, disabled: boolean) {
    if (!company) return;
    setBusy(true);
    const done = await whenOnline(disabled ? 'L’accès n’a pas été désactivé' : 'L’accès n’a pas été réactivé', () =>
      setDisabled(user.id, company.id, disabled),
    );
    setBusy(false);
    setPending(null);
    if (!done) return;
    toastSuccess(
      disabled ? 'Accès désactivé' : 'Accès réactivé',
      disabled
        ? `${user.firstName} ${user.name} ne peut plus se connecter.`
        : `${user.firstName} ${user.name} peut de nouveau se connecter.`,
    );
    void users.refresh();
  }

  async function remove(user: ManagedUser) {
    if (!company) return;
    setBusy(true);
    const done = await whenOnline('L’utilisateur n’a pas été retiré', () => removeFromCompany(user.id, company.id));
    setBusy(false);
    setPending(null);
    if (!done) return;
    toastSuccess('Utilisateur retiré', `${user.firstName} ${user.name} n’a plus accès à ${company.label}.`);
    void users.refresh();
  }

  const act = (action: UserAction, user: ManagedUser) => {
    if (action === 'rights') setEditing(user);
    else if (action === 'enable') void changeStatus(user, false);
    else setPending({ action, user });
  };

  const who = pending ? `${pending.user.firstName} ${pending.user.name}` : '';
  return (
    <Stack gap="md" maw={1280}>
      <PageHeader
        title="Gérer mes utilisateurs"
        description={company ? `Les utilisateurs de ${company.label} et leurs droits.` : undefined}
        actions={
          <Button
            size="md"
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={!online || companies.length === 0}
          >
            Ajouter un utilisateur
          </Button>
        }
      />
      {!online && <OfflineNotice />}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />} mih={44}>
            Utilisateurs
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconHistory size={16} aria-hidden />} mih={44}>
            Journal des droits
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="md">
          <UsersPanel
            read={users}
            params={params}
            onParams={setParams}
            self={profile?.id}
            online={online}
            onAction={act}
          />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="md">
          <AuditPanel />
        </Tabs.Panel>
      </Tabs>
      <AddUserModal
        opened={adding}
        companies={companies}
        currentCompany={company?.id}
        onClose={() => setAdding(false)}
        onCreated={() => {
          setAdding(false);
          void users.refresh();
        }}
      />
      <EditAccessModal
        user={editing}
        companies={companies}
        currentCompany={company?.id}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void users.refresh();
        }}
      />
      <ConfirmModal
        opened={pending?.action === 'disable'}
        title={`Désactiver l’accès de ${who} ?`}
        message={`${who} ne pourra plus se connecter et ses sessions ouvertes seront fermées. Vous pourrez réactiver son accès ensuite.`}
        confirm="Désactiver"
        busy={busy}
        onConfirm={() => pending && void changeStatus(pending.user, true)}
        onCancel={() => setPending(null)}
      />
      <ConfirmModal
        opened={pending?.action === 'remove'}
        title={`Retirer ${who} de la société ?`}
        message={`${who} perd aussitôt l’accès à ${company?.label ?? 'cette société'} : ses droits et ses catégories y sont supprimés. Ses accès aux autres sociétés ne changent pas.`}
        confirm="Retirer"
        busy={busy}
        onConfirm={() => pending && void remove(pending.user)}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
