import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Destructive actions ask first (house rule). */
export function ConfirmDeleteModal({
  opened,
  title,
  message,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} mih={44}>
            Annuler
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} mih={44}>
            Supprimer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
