import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Every failing check, together, above the form (the same list as the toast). */
export function ErrorsAlert({ title, errors, onClose }: { title: string; errors: string[]; onClose: () => void }) {
  if (errors.length === 0) return null;
  return (
    <Alert
      color="red"
      title={title}
      icon={<IconAlertTriangle size={20} />}
      withCloseButton
      closeButtonLabel="Masquer les erreurs"
      onClose={onClose}
      role="alert"
    >
      <List size="sm" spacing={2}>
        {errors.map((e) => (
          <List.Item key={e}>{e}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
