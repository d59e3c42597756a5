import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { toastError } from '../../../lib/toast';

/**
 * Cancelling a file kept on the device for later sending loses it: asks first (house rule).
 * onConfirm resolves false when the file is being sent right now (its outcome is unknown).
 */
export function DiscardQueuedModal({
  name,
  onConfirm,
  onClose,
}: {
  name: string | null;
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      if (!(await onConfirm()))
        toastError(
          'Annulation impossible',
          'Le fichier est en cours d’envoi : attendez la fin de l’envoi, puis supprimez-le de votre bannette si besoin.',
        );
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal
      opened={name !== null}
      onClose={onClose}
      title="Annuler l’envoi de ce fichier ?"
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack>
        <Text>Le fichier « {name} », enregistré sur cet appareil, ne sera pas déposé dans votre bannette.</Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Garder le fichier
          </Button>
          <Button color="red.9" size="md" loading={busy} onClick={() => void confirm()}>
            Annuler l’envoi
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
