import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A final change asks first (house rule): cancelling a quote cannot be undone. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirm,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirm: string;
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
            Retour
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} mih={44}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
