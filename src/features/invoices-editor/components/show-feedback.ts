import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { IconCloudUpload } from '@tabler/icons-react';
import { TOAST_DURATION, toastError, toastSuccess } from '../../../lib/toast';
import type { Feedback } from '../feedback';

/** Success and error through the app's toasts; "kept on this device" as a calm blue one. */
export function showFeedback({ tone, title, sub, duration }: Feedback): void {
  if (tone === 'success') toastSuccess(title, Array.isArray(sub) ? sub.join(' ') : sub, duration);
  else if (tone === 'error') toastError(title, sub, duration);
  else {
    notifications.show({
      color: 'blue',
      icon: createElement(IconCloudUpload, { size: 18 }),
      title,
      message: Array.isArray(sub) ? sub.join(' ') : (sub ?? ''),
      autoClose: duration ?? TOAST_DURATION * 2,
      withBorder: true,
      closeButtonProps: { 'aria-label': 'Fermer la notification' },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    });
  }
}
