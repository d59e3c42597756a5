import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * A destructive, final or lossy action asks first (house rule), naming what happens: one dialog for
 * every feature (deleting an article, cancelling a quote, removing a user's access, discarding a
 * queued change).
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirm,
  cancel = 'Annuler',
  busy = false,
  zIndex,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  /** The confirm button's words: « Supprimer », « Retirer », « Désactiver »… */
  confirm: string;
  cancel?: string;
  busy?: boolean;
  /** Above another layer (the sync panel's drawer). */
  zIndex?: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      zIndex={zIndex}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack>
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} mih={44}>
            {cancel}
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={busy} mih={44}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The delete confirmation of the catalogue screens (articles, customers). */
export function ConfirmDeleteModal(props: Omit<Parameters<typeof ConfirmModal>[0], 'confirm'>) {
  return <ConfirmModal {...props} confirm="Supprimer" />;
}
