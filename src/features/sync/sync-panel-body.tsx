import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import {
  discardOutboxEntry,
  getOutboxEditor,
  outboxStatusAtom,
  overwriteOutboxEntry,
  reloadOutboxEntry,
  replayOutbox,
  retryOutboxEntry,
  type OutboxEntry,
} from '../../data/outbox';
import { useOutboxEntries } from '../../data/outbox-hooks';
import { useOnline } from '../../lib/online';
import { WARNING_COLOR } from './colors';
import { ConfirmModal } from '../../components/confirm-modal';
import { failedLabel, isUpload, uploadsTitle, waitingLabel } from './labels';
import { LIST_SKELETON } from './list-skeleton';
import type { EntryAction } from './outbox-entry-item';
import { useEntrySubjects } from './use-entry-subjects';
import { ReconnectButton } from './reconnect-button';
import { StorageUsage } from './storage-usage';

// The list is virtualised (a long queue after days offline): its code and the virtualiser's come
// when the list is first shown (decision 064, the signed-in layer's bytes). The service worker keeps
// them, so the panel opens offline too.
const OutboxList = lazy(() => import('./outbox-list').then((m) => ({ default: m.OutboxList })));

const CONFIRM: Record<
  Exclude<EntryAction, 'retry'>,
  { title: string; confirmLabel: string; message: (subject: string) => string }
> = {
  discard: {
    title: 'Abandonner cette modification ?',
    confirmLabel: 'Abandonner',
    message: (s) => `« ${s} » ne sera jamais envoyée au serveur. Cette action est définitive.`,
  },
  reload: {
    title: 'Recharger la version du serveur ?',
    confirmLabel: 'Recharger la version du serveur',
    message: (s) =>
      `Vos modifications de « ${s} » faites sur cet appareil seront abandonnées, ainsi que celles qui les suivent ; le brouillon reprend la version enregistrée ailleurs.`,
  },
  overwrite: {
    title: 'Écraser avec votre version ?',
    confirmLabel: 'Écraser avec ma version',
    message: (s) =>
      `« ${s} » a été modifié ailleurs depuis. Votre version remplacera ces modifications, qui seront perdues.`,
  },
};

/** The panel's content: the queue, its state and the actions on each change. */
export function SyncPanelBody({ onClose }: { onClose: () => void }) {
  const entries = useOutboxEntries();
  const status = useAtomValue(outboxStatusAtom);
  const online = useOnline();
  const [asking, setAsking] = useState<{ entry: OutboxEntry; action: Exclude<EntryAction, 'retry'> } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const list = entries ?? [];
  const subjects = useEntrySubjects(list);
  const failed = list.filter((e) => e.state === 'failed').length;
  // Decision 010: uploads apart from edits.
  const edits = list.filter((e) => !isUpload(e));
  const uploads = list.filter(isUpload);

  function edit(entry: OutboxEntry) {
    onClose();
    getOutboxEditor(entry.kind)?.(entry);
  }

  function act(entry: OutboxEntry, action: EntryAction) {
    if (action === 'retry') void retryOutboxEntry(entry.id);
    else setAsking({ entry, action });
  }

  async function confirm() {
    if (!asking) return;
    const { entry, action } = asking;
    setAsking(null);
    setActionError(null);
    if (action === 'discard') await discardOutboxEntry(entry.id);
    else if (action === 'reload') await reloadOutboxEntry(entry.id);
    else {
      const result = await overwriteOutboxEntry(entry.id);
      if (!result.ok) setActionError(result.message);
    }
  }

  const section = (title: string, items: OutboxEntry[], label: string) =>
    items.length > 0 && (
      <Stack gap="xs" component="section" aria-label={title}>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Suspense fallback={LIST_SKELETON}>
          <OutboxList entries={items} all={list} subjects={subjects} label={label} onEdit={edit} onAction={act} />
        </Suspense>
      </Stack>
    );

  return (
    <>
      <Stack gap="sm">
        {!online && (
          <Alert color={WARNING_COLOR} icon={<IconCloudOff size={18} />} title="Hors ligne">
            Les modifications sont gardées sur cet appareil et seront envoyées au retour de la connexion.
          </Alert>
        )}
        {status.paused && (
          <Alert color={WARNING_COLOR} title="Session expirée">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Reconnectez-vous pour envoyer les modifications en attente. Elles restent sur cet appareil.
              </Text>
              <ReconnectButton />
            </Stack>
          </Alert>
        )}
        {status.lastError && (
          <Alert color="red" title="Synchronisation interrompue">
            {status.lastError}
          </Alert>
        )}
        {actionError && (
          <Alert color="red" withCloseButton onClose={() => setActionError(null)}>
            {actionError}
          </Alert>
        )}
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {list.length === 0
              ? 'Aucune modification en attente.'
              : [list.length - failed > 0 && waitingLabel(list.length - failed), failed > 0 && failedLabel(failed)]
                  .filter(Boolean)
                  .join(' · ')}
          </Text>
          <Button
            leftSection={<IconRefresh size={18} />}
            mih={44}
            onClick={() => void replayOutbox({ force: true })}
            loading={status.running}
            disabled={!online || status.paused || list.length === 0}
          >
            Synchroniser
          </Button>
        </Group>
        <StorageUsage refreshKey={list.length} />
        {entries === undefined ? (
          LIST_SKELETON
        ) : (
          <>
            {section(`Modifications (${edits.length})`, edits, 'Modifications en attente')}
            {section(uploadsTitle(uploads.length), uploads, 'Fichiers en attente de dépôt')}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={!!asking}
        title={asking ? CONFIRM[asking.action].title : ''}
        confirm={asking ? CONFIRM[asking.action].confirmLabel : ''}
        zIndex={400}
        message={asking ? CONFIRM[asking.action].message(subjects.get(asking.entry.id) ?? asking.entry.label) : ''}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
