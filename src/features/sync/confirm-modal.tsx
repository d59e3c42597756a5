import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A destructive or lossy action asks first (house rule). */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={400}>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} mih={44}>
            Annuler
          </Button>
          <Button color="red" onClick={onConfirm} mih={44}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
