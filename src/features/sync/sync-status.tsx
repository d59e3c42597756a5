import { ActionIcon, Badge, Button, Group, Indicator, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCloud, IconCloudCheck, IconCloudOff, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { outboxStatusAtom, replayOutbox } from '../../data/outbox';
import { useOutboxCounts } from '../../data/outbox-hooks';
import { useOnline } from '../../lib/online';
import { WARNING_COLOR } from './colors';
import { failedLabel, waitingLabel } from './labels';
import { ReconnectButton } from './reconnect-button';
import { SyncPanel } from './sync-panel';
import { UpdateButton } from './update-button';

/** Top bar: offline badge, changes waiting, "Synchroniser", new version, and the sync panel. */
export function SyncStatus() {
  const online = useOnline();
  const { waiting, failed, loaded } = useOutboxCounts();
  // Until the outbox is read, a neutral icon: "tout est envoyé" would be a claim not yet checked.
  const idleLabel = loaded ? 'Synchronisation : tout est envoyé' : 'Synchronisation';
  const status = useAtomValue(outboxStatusAtom);
  const wide = useMediaQuery('(min-width: 75em)', true);
  const [opened, setOpened] = useState(false);
  const total = waiting + failed;
  const summary = [waiting > 0 && waitingLabel(waiting), failed > 0 && failedLabel(failed)].filter(Boolean).join(', ');

  return (
    <Group gap={6} wrap="nowrap">
      {!online && (
        <Badge
          color={WARNING_COLOR}
          variant="filled"
          size="lg"
          leftSection={<IconCloudOff size={14} aria-hidden />}
          role="status"
        >
          Hors ligne
        </Badge>
      )}
      <UpdateButton />
      {status.paused && <ReconnectButton />}
      {total === 0 ? (
        <Tooltip label={idleLabel}>
          <ActionIcon variant="subtle" size={44} onClick={() => setOpened(true)} aria-label={idleLabel}>
            {loaded ? <IconCloudCheck size={22} /> : <IconCloud size={22} />}
          </ActionIcon>
        </Tooltip>
      ) : wide ? (
        <Button
          variant="light"
          color={failed > 0 ? 'red' : 'blue'}
          mih={44}
          leftSection={<IconCloudUpload size={18} />}
          onClick={() => setOpened(true)}
        >
          {summary}
        </Button>
      ) : (
        <ActionIcon
          variant="light"
          color={failed > 0 ? 'red' : 'blue'}
          size={44}
          onClick={() => setOpened(true)}
          aria-label={summary}
        >
          <Indicator label={total} size={18} color={failed > 0 ? 'red' : 'blue'} offset={2}>
            <IconCloudUpload size={22} />
          </Indicator>
        </ActionIcon>
      )}
      {waiting > 0 &&
        online &&
        (wide ? (
          <Button
            variant="subtle"
            mih={44}
            leftSection={<IconRefresh size={18} />}
            loading={status.running}
            disabled={status.paused}
            onClick={() => void replayOutbox({ force: true })}
          >
            Synchroniser
          </Button>
        ) : (
          <ActionIcon
            variant="subtle"
            size={44}
            loading={status.running}
            disabled={status.paused}
            onClick={() => void replayOutbox({ force: true })}
            aria-label="Synchroniser"
          >
            <IconRefresh size={22} />
          </ActionIcon>
        ))}
      <SyncPanel opened={opened} onClose={() => setOpened(false)} />
    </Group>
  );
}
