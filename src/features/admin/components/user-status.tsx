import { Group, Text } from '@mantine/core';
import type { ManagedUser } from '../api/admin-api';

// A coloured dot and plain text rather than a badge: the words wrap on a tablet's narrow column
// instead of being cut (« Invitation envoy… »), and the text keeps the body's contrast.
const STATUS = {
  disabled: { label: 'Désactivé', color: 'var(--mantine-color-red-8)' },
  pending: { label: 'Invitation envoyée', color: 'var(--mantine-color-orange-7)' },
  active: { label: 'Actif', color: 'var(--mantine-color-teal-7)' },
};

/** Actif, Désactivé, or Invitation envoyée (no password chosen yet). */
export function UserStatus({ user }: { user: Pick<ManagedUser, 'disabled' | 'invitationPending'> }) {
  const s = user.disabled ? STATUS.disabled : user.invitationPending ? STATUS.pending : STATUS.active;
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: s.color, flex: 'none' }} />
      <Text size="sm">{s.label}</Text>
    </Group>
  );
}
