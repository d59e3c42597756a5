import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconAlertTriangle, IconCloudUpload, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { isDraftConflict } from '../../../data/outbox';
import { useOnline } from '../../../lib/online';
import { MESSAGES } from '../feedback';
import type { BusinessDocumentOutbox } from '../hooks/use-business-document-outbox';
import type { EditorState } from '../types';

interface Props {
  state: EditorState;
  outbox: BusinessDocumentOutbox;
  restored: boolean;
  fromCache: boolean;
  onDiscard: () => void;
}

/** What the user must know about this copy: local work taken back, changes waiting, offline copy. */
export function EditorNotices({ state, outbox, restored, fromCache, onDiscard }: Props) {
  const [confirming, setConfirming] = useState(false);
  const online = useOnline();
  const waiting = outbox.waiting.length > 0;
  return (
    <>
      {restored && state.dirty && !waiting && (
        <Alert color="blue" icon={<IconHistory size={20} />} title="Brouillon repris">
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              Vos dernières modifications, gardées sur cet appareil, ont été reprises. Elles ne sont pas encore
              enregistrées sur le serveur.
            </Text>
            <Button variant="subtle" color="red" mih={44} onClick={() => setConfirming(true)}>
              Abandonner ce brouillon
            </Button>
          </Group>
        </Alert>
      )}
      {waiting && (
        <Alert color="blue" icon={<IconCloudUpload size={20} />} title={MESSAGES.pending}>
          <Stack gap={4}>
            {outbox.waiting.some((e) => e.kind !== 'invoice.validate') && (
              <Text size="sm">
                Les modifications sont enregistrées sur cet appareil et seront envoyées au serveur au retour du réseau.
              </Text>
            )}
            {outbox.validationPending && <Text size="sm">{MESSAGES.validationQueued}</Text>}
          </Stack>
        </Alert>
      )}
      {outbox.failed.map((e) => (
        <Alert
          key={e.id}
          color="red"
          icon={<IconAlertTriangle size={20} />}
          title={`${e.label} : refusé par le serveur`}
          role="alert"
        >
          <Stack gap={4}>
            <Text size="sm">{e.lastError?.message}</Text>
            {(e.lastError?.errors ?? [])
              .filter((m) => m !== e.lastError?.message)
              .map((m) => (
                <Text key={m} size="sm">
                  • {m}
                </Text>
              ))}
            <Text size="sm">
              {isDraftConflict(e.lastError)
                ? 'Choisissez dans le panneau « Synchronisation » : recharger la version du serveur, ou écraser avec votre version.'
                : e.kind === 'invoice.validate'
                  ? 'Corrigez la facture, enregistrez-la, puis validez-la à nouveau.'
                  : 'Corrigez le document puis enregistrez-le à nouveau : la modification refusée sera remplacée.'}
            </Text>
          </Stack>
        </Alert>
      ))}
      {fromCache && !restored && !online && (
        <Alert color="yellow" title="Copie enregistrée sur cet appareil">
          <Text size="sm">Hors ligne : vous voyez la dernière version ouverte sur cet appareil.</Text>
        </Alert>
      )}
      {state.kind === 'quote' && state.invoiceId !== null && (
        <Alert color="green" title="Devis transformé en facture">
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} to="/mes-factures/modifier-facture" search={{ id: state.invoiceId }} />
            )}
          >
            Ouvrir la facture
          </Anchor>
        </Alert>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Abandonner ce brouillon ?"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        <Text size="sm">
          Les modifications gardées sur cet appareil seront perdues.{' '}
          {state.docId === null
            ? 'Le formulaire repartira de zéro.'
            : 'La version enregistrée sur le serveur sera affichée.'}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" mih={44} onClick={() => setConfirming(false)}>
            Annuler
          </Button>
          <Button
            color="red"
            mih={44}
            onClick={() => {
              setConfirming(false);
              onDiscard();
            }}
          >
            Abandonner
          </Button>
        </Group>
      </Modal>
    </>
  );
}
