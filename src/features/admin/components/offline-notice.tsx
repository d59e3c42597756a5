import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { OFFLINE_MESSAGE, OFFLINE_TITLE } from '../feedback';

/** Shown instead of the admin screens' data and actions while offline (nothing is queued here). */
export function OfflineNotice() {
  return (
    <Alert
      color="orange.9"
      variant="light"
      icon={<IconCloudOff size={18} aria-hidden />}
      title={OFFLINE_TITLE}
      role="status"
    >
      {OFFLINE_MESSAGE}
    </Alert>
  );
}
