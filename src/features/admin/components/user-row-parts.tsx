import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconKey, IconLock, IconLockOpen, IconUserMinus } from '@tabler/icons-react';
import type { ManagedUser } from '../api/admin-api';

export type UserAction = 'rights' | 'disable' | 'enable' | 'remove';

/** A user's actions in one menu button named after them, 44 px for a finger: in a row or a card. */
export function RowActions({
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
export function Email({ value }: { value: string }) {
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
