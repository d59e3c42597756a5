import { Badge, Group, Text } from '@mantine/core';
import { CARD, CARD_LIST } from '../../../components/phone-card-list';
import { formatDateTime } from '../../../domain/format';
import type { ManagedUser } from '../api/admin-api';
import { UserStatus } from './user-status';
import { Email, RowActions, type UserAction } from './user-row-parts';

interface Props {
  users: readonly ManagedUser[];
  self: number | undefined;
  disabled: boolean;
  onAction: (action: UserAction, user: ManagedUser) => void;
}

/**
 * A phone's users: one card each, its actions' menu at the top right. The seven-column table
 * showed the name, the login and half the e-mail; the role, the status and the actions were past
 * the screen's edge.
 */
export function UserCards({ users, self, disabled, onAction }: Props) {
  return (
    <ul role="list" aria-label="Utilisateurs de la société" style={CARD_LIST}>
      {users.map((u) => {
        const name = `${u.firstName} ${u.name}`;
        return (
          <li key={u.id} style={CARD}>
            <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
              <Text size="sm" fw={600}>
                {name}
                {u.id === self && (
                  <Text component="span" size="sm" c="dimmed" fw={400}>
                    {' '}
                    (vous)
                  </Text>
                )}
              </Text>
              <Group gap={6}>
                <Text size="sm">
                  {u.username} · {u.manager ? 'Gestionnaire' : 'Utilisateur'}
                </Text>
                {u.authSource === 'ldap' && (
                  <Badge variant="outline" color="gray.7" size="sm">
                    Annuaire
                  </Badge>
                )}
              </Group>
              {u.email && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  <Email value={u.email} />
                </Text>
              )}
              <UserStatus user={u} />
              <Text size="xs" c="dimmed">
                Dernière connexion : {u.lastSignInAt ? formatDateTime(u.lastSignInAt) : 'jamais'}
              </Text>
            </div>
            <RowActions user={u} name={name} self={u.id === self} disabled={disabled} onAction={onAction} />
          </li>
        );
      })}
    </ul>
  );
}
