import { Button, Group, Modal, Text } from '@mantine/core';

/** Signing out with changes not yet sent: they stay on this device, in this user's own database. */
export function LogoutConfirm({
  opened,
  waiting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  waiting: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={<Text fw={700}>Des modifications ne sont pas encore envoyées</Text>}
      centered
    >
      <Text>
        {waiting} modification{waiting > 1 ? 's' : ''} attend{waiting > 1 ? 'ent' : ''} le réseau.{' '}
        {waiting > 1 ? 'Elles resteront' : 'Elle restera'} sur cet appareil et{' '}
        {waiting > 1 ? 'seront envoyées' : 'sera envoyée'} à votre prochaine connexion ; aucun autre utilisateur ne peut
        la voir.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Rester connecté
        </Button>
        <Button color="red" onClick={onConfirm}>
          Me déconnecter
        </Button>
      </Group>
    </Modal>
  );
}
