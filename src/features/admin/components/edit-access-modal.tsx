import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useServerData } from '../../../data/sync/use-server-data';
import { toastSuccess } from '../../../lib/toast';
import { useOnChange } from '../../../lib/use-on-change';
import { profileData } from '../admin-data';
import { updateAccess, type GrantableCompany, type ManagedUser } from '../api/admin-api';
import { online } from '../feedback';
import { depositIds, keepsOwnCategories, withOwnCategories, type Access } from '../new-user-draft';
import { clampTo, grantsSomething } from '../rights-tree';
import { CategoriesTable } from './categories-table';
import { RightsTable } from './rights-table';
import { STICKY, useDialogSize } from './use-dialog-size';

/**
 * « Modifier les droits » of one user, one company at a time (the current one first): their rights
 * and categories there, or none when they are not a member yet (saving then adds them to it).
 */
export function EditAccessModal({
  user,
  companies,
  currentCompany,
  onClose,
  onSaved,
}: {
  user: ManagedUser | null;
  companies: readonly GrantableCompany[];
  currentCompany: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const dialog = useDialogSize();
  const read = useServerData(profileData, user ? { user: user.id } : null);
  const [companyId, setCompanyId] = useState<number | undefined>(currentCompany);
  const [draft, setDraft] = useState<Access | null>(null);
  const [busy, setBusy] = useState(false);
  const company = companies.find((c) => c.id === companyId);
  const membership = read.data?.companies.find((c) => c.companyId === companyId);

  // Another user (or company of the admin) starts from the current company.
  useOnChange([user, currentCompany], () => setCompanyId(currentCompany));
  // The form starts from what the user holds in the chosen company, once it is known.
  useOnChange([company, membership, read.data], () =>
    setDraft(
      company && read.data
        ? {
            appRights: membership ? clampTo(membership.appRights, company.appRights) : [],
            categories: membership?.categories ?? company.categories.map((c) => c.id),
            categoriesInbox: membership?.categoriesInbox ?? depositIds(company),
          }
        : null,
    ),
  );

  async function save() {
    if (!user || !company || !draft) return;
    setBusy(true);
    const done = await online('Les droits n’ont pas été modifiés', () => updateAccess(user.id, company.id, draft));
    setBusy(false);
    if (!done) return;
    toastSuccess('Droits modifiés', `${user.firstName} ${user.name} : ${company.label}.`);
    onSaved();
  }

  const who = user ? `${user.firstName} ${user.name}` : '';
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={`Droits de ${who}`}
      {...dialog}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="md">
        <Select
          label="Société"
          data={companies.map((c) => ({ value: String(c.id), label: c.label }))}
          value={companyId === undefined ? null : String(companyId)}
          onChange={(v) => setCompanyId(v ? Number(v) : undefined)}
          allowDeselect={false}
          size="md"
          maw={420}
        />
        {read.loading && (
          <Group>
            <Loader size="sm" />
            <Text>Chargement des droits…</Text>
          </Group>
        )}
        {read.error && !read.data && (
          <Alert color="red" role="alert">
            {read.error.message ?? 'Les droits de cet utilisateur n’ont pas pu être lus.'}
          </Alert>
        )}
        {company && draft && (
          <>
            {!membership && (
              <Text>
                {who} n’a pas encore accès à {company.label} : enregistrer l’y ajoute avec les droits cochés.
              </Text>
            )}
            <RightsTable
              company={company.label}
              limit={company.appRights}
              value={draft.appRights}
              onChange={(appRights) => setDraft({ ...draft, appRights: withOwnCategories(company, appRights) })}
              lockedOwnCategories={keepsOwnCategories(company)}
            />
            {company.gedUserRight && (
              <Stack gap="xs">
                <Title order={3} size="h5">
                  Catégories de documents
                </Title>
                <CategoriesTable company={company} value={draft} onChange={(v) => setDraft({ ...draft, ...v })} />
              </Stack>
            )}
            {!grantsSomething(draft.appRights) && (
              <Text c="orange.9">
                Sans aucun menu, {who} ne verra rien de cette société. Pour lui retirer l’accès, utilisez « Retirer de
                la société ».
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end" style={STICKY}>
          <Button variant="default" mih={44} onClick={onClose}>
            Annuler
          </Button>
          <Button
            mih={44}
            onClick={() => void save()}
            loading={busy}
            disabled={!draft || !grantsSomething(draft.appRights)}
          >
            Enregistrer les droits
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
