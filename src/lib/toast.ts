import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { IconCheck, IconX } from '@tabler/icons-react';

/** NAV-15: toast at bottom right with a message and an optional sub-message; 3000 ms by default. */
export const TOAST_DURATION = 3000;

// The close button needs a name, and the sub-message must keep a 4.5:1 contrast (axe).
const common = {
  withBorder: true,
  closeButtonProps: { 'aria-label': 'Fermer la notification' },
  styles: { description: { color: 'var(--mantine-color-text)' } },
};

export function toastSuccess(message: string, sub?: string, duration = TOAST_DURATION): void {
  notifications.show({
    color: 'green',
    icon: createElement(IconCheck, { size: 18 }),
    title: message,
    message: sub ?? '',
    autoClose: duration,
    ...common,
  });
}

export function toastError(message: string, sub?: string | string[], duration = TOAST_DURATION): void {
  const body = Array.isArray(sub)
    ? createElement(
        'ul',
        { style: { margin: 0, paddingLeft: 18 } },
        ...sub.map((s, i) => createElement('li', { key: i }, s)),
      )
    : (sub ?? '');
  notifications.show({
    color: 'red',
    icon: createElement(IconX, { size: 18 }),
    title: message,
    message: body,
    autoClose: duration,
    ...common,
  });
}
