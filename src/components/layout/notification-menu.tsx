import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface BellItem {
  id: number;
  label: string;
  unread: boolean;
  onOpen: () => void;
}

/**
 * NOTIF-2, NOTIF-3: opens on hover (and on click or Enter, for touch screens and keyboards); bell with a red count badge, bell-off when empty; hovering resets
 * the counter; unread items on a blue background.
 */
export function NotificationMenu({
  items,
  count,
  onHover,
  footer,
}: {
  items: BellItem[];
  count: number;
  onHover?: () => void;
  footer?: ReactNode;
}) {
  const empty = items.length === 0;
  return (
    <Menu
      trigger="click-hover"
      withInitialFocusPlaceholder={false}
      openDelay={100}
      closeDelay={250}
      position="bottom-end"
      width={340}
      shadow="md"
      onOpen={onHover}
    >
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size={44}
          aria-label={count ? `Notifications : ${count} nouvelle(s)` : 'Notifications'}
        >
          <Indicator label={count} size={18} color="red" disabled={count === 0} offset={2}>
            {empty ? <IconBellOff size={22} /> : <IconBell size={22} />}
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Notifications</Menu.Label>
        {empty && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            Pas de nouvelle notifications
          </Text>
        )}
        {items.map((n) => (
          <Menu.Item key={n.id} onClick={n.onOpen} bg={n.unread ? 'var(--mantine-color-blue-light)' : undefined}>
            {n.label}
          </Menu.Item>
        ))}
        {footer}
      </Menu.Dropdown>
    </Menu>
  );
}
