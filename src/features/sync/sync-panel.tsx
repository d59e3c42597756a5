import { Alert, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { discardOutboxEntry, getOutboxEditor, outboxStatusAtom, replayOutbox, type OutboxEntry } from '../../data/outbox';
import { useOutboxEntries } from '../../data/outbox-hooks';
import { useOnline } from '../../lib/online';
import { WARNING_COLOR } from './colors';
import { ConfirmModal } from './confirm-modal';
import { failedLabel, waitingLabel } from './labels';
import { OutboxList } from './outbox-list';
import { ReconnectButton } from './reconnect-button';
import { StorageUsage } from './storage-usage';

/** The list of changes not yet on the server (pending and refused), with Réessayer / Modifier / Abandonner. */
export function SyncPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Synchronisation" closeButtonProps={{ 'aria-label': 'Fermer la synchronisation' }}>
      {/* Mounted only while open: a closed panel must not re-read a long queue on every change. */}
      {opened && <SyncPanelBody onClose={onClose} />}
    </Drawer>
  );
}

function SyncPanelBody({ onClose }: { onClose: () => void }) {
  const entries = useOutboxEntries();
  const status = useAtomValue(outboxStatusAtom);
  const online = useOnline();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const list = entries ?? [];
  const failed = list.filter((e) => e.state === 'failed').length;

  function edit(entry: OutboxEntry) {
    onClose();
    getOutboxEditor(entry.kind)?.(entry);
  }

  return (
    <>
      <Stack gap="sm">
        {!online && <Alert color={WARNING_COLOR} icon={<IconCloudOff size={18} />} title="Hors ligne">Les modifications sont gardées sur cet appareil et seront envoyées au retour de la connexion.</Alert>}
        {status.paused && (
          <Alert color={WARNING_COLOR} title="Session expirée">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Reconnectez-vous pour envoyer les modifications en attente. Elles restent sur cet appareil.</Text>
              <ReconnectButton />
            </Stack>
          </Alert>
        )}
        {status.lastError && <Alert color="red" title="Synchronisation interrompue">{status.lastError}</Alert>}
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {list.length === 0 ? 'Aucune modification en attente.' : [list.length - failed > 0 && waitingLabel(list.length - failed), failed > 0 && failedLabel(failed)].filter(Boolean).join(' · ')}
          </Text>
          <Button leftSection={<IconRefresh size={18} />} mih={44} onClick={() => void replayOutbox({ force: true })} loading={status.running} disabled={!online || status.paused || list.length === 0}>
            Synchroniser
          </Button>
        </Group>
        <StorageUsage refreshKey={list.length} />
        {entries === undefined ? (
          <Stack gap="xs">{[0, 1, 2].map((i) => <Skeleton key={i} height={110} radius="md" />)}</Stack>
        ) : (
          <OutboxList entries={list} onEdit={edit} onDiscard={setDiscarding} />
        )}
      </Stack>
      <ConfirmModal opened={!!discarding} title="Abandonner cette modification ?" confirmLabel="Abandonner"
        message={`« ${discarding?.label ?? ''} » ne sera jamais envoyée au serveur. Cette action est définitive.`}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          if (discarding) void discardOutboxEntry(discarding.id);
          setDiscarding(null);
        }} />
    </>
  );
}
