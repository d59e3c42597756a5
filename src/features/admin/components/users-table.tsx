import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { usePhone } from '../../../components/use-phone';
import { formatDateTime } from '../../../domain/format';
import type { ManagedUser } from '../api/admin-api';
import { UserCards } from './user-cards';
import { Email, RowActions, type UserAction } from './user-row-parts';
import { UserStatus } from './user-status';

export type { UserAction } from './user-row-parts';

/**
 * One page of the company's users (the server pages: a company of thousands never draws more than
 * a page). The actions of a row sit in one menu button, named after the user, 44 px for a finger.
 * On a phone, one card per user.
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
  const phone = usePhone();
  if (phone) return <UserCards users={users} self={self} disabled={disabled} onAction={onAction} />;
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
