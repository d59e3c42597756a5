import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DraftConflictApi } from '../hooks/use-draft-conflict';

export const CONFLICT_TITLE = 'Ce brouillon a été modifié ailleurs';

/** The choice after a save refused as stale (decision 010): reload the server's copy, or overwrite it knowingly. */
export function DraftConflictModal({ conflict }: { conflict: DraftConflictApi }) {
  return (
    <Modal opened={conflict.opened} onClose={conflict.close} title={CONFLICT_TITLE} centered>
      <Stack>
        <Text>
          Quelqu’un a enregistré ce brouillon (dans un autre onglet ou sur un autre appareil) depuis que vous l’avez
          ouvert. Rechargez-le pour voir ses modifications (les vôtres seront perdues), ou écrasez-les avec votre
          version.
        </Text>
        {conflict.error && <Alert color="red">{conflict.error}</Alert>}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" mih={44} onClick={conflict.close} disabled={conflict.busy !== null}>
            Annuler
          </Button>
          <Button
            variant="light"
            mih={44}
            onClick={conflict.reload}
            loading={conflict.busy === 'reload'}
            disabled={conflict.busy === 'overwrite'}
          >
            Recharger la version du serveur
          </Button>
          <Button
            color="red"
            mih={44}
            onClick={conflict.overwrite}
            loading={conflict.busy === 'overwrite'}
            disabled={conflict.busy === 'reload'}
          >
            Écraser avec ma version
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
