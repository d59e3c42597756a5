import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** A change that takes someone's access away asks first, naming what happens (house rule). */
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
  /** The confirm button's words: « Retirer », « Désactiver »… */
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
            Annuler
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={busy} mih={44}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
