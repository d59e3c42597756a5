import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconKey, IconLock, IconLockOpen, IconUserMinus } from '@tabler/icons-react';
import { formatDateTime } from '../../../domain/format';
import type { ManagedUser } from '../api/admin-api';
import { UserStatus } from './user-status';

export type UserAction = 'rights' | 'disable' | 'enable' | 'remove';

/**
 * One page of the company's users (the server pages: a company of thousands never draws more than
 * a page). The actions of a row sit in one menu button, named after the user, 44 px for a finger.
 */
export function UsersTable({
  users,
  self,
  disabled,
  onAction,
}: {
  users: readonly ManagedUser[];
  /** The manager: they cannot disable or remove themself (the server refuses it too). */
  self: number | undefined;
  /** Offline: nothing can be changed. */
  disabled: boolean;
  onAction: (action: UserAction, user: ManagedUser) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Utilisateurs de la société">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Nom</Table.Th>
            <Table.Th scope="col">Identifiant</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Rôle</Table.Th>
            <Table.Th scope="col">Statut</Table.Th>
            <Table.Th scope="col">Dernière connexion</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => {
            const name = `${u.firstName} ${u.name}`;
            return (
              <Table.Tr key={u.id}>
                <Table.Th scope="row" fw={500}>
                  {name}
                  {u.id === self && (
                    <Text component="span" size="sm" c="dimmed">
                      {' '}
                      (vous)
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>{u.username}</Table.Td>
                <Table.Td>{u.email ? <Email value={u.email} /> : '—'}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Text size="sm">{u.manager ? 'Gestionnaire' : 'Utilisateur'}</Text>
                    {u.authSource === 'ldap' && (
                      <Badge variant="outline" color="gray.7" size="sm">
                        Annuaire
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <UserStatus user={u} />
                </Table.Td>
                <Table.Td>{u.lastSignInAt ? formatDateTime(u.lastSignInAt) : 'Jamais'}</Table.Td>
                <Table.Td>
                  <RowActions user={u} name={name} self={u.id === self} disabled={disabled} onAction={onAction} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowActions({
  user,
  name,
  self,
  disabled,
  onAction,
}: {
  user: ManagedUser;
  name: string;
  self: boolean;
  disabled: boolean;
  onAction: (action: UserAction, user: ManagedUser) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size={44} aria-label={`Actions pour ${name}`} disabled={disabled}>
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => onAction('rights', user)}>
          Modifier les droits
        </Menu.Item>
        {!self &&
          (user.disabled ? (
            <Menu.Item leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => onAction('enable', user)}>
              Réactiver l’accès
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={() => onAction('disable', user)}>
              Désactiver l’accès
            </Menu.Item>
          ))}
        {!self && (
          <Menu.Item
            color="red.8"
            leftSection={<IconUserMinus size={16} aria-hidden />}
            onClick={() => onAction('remove', user)}
          >
            Retirer de la société
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** An address breaks after its « @ » on a narrow screen, not in the middle of a word. */
function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}
