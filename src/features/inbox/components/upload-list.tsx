import { ActionIcon, Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCloudPause, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import { inFlight, percent, UPLOAD_STATE_LABELS, type UploadItem } from '../upload-queue';
import { formatBytes } from '../../../domain/format';

interface Props {
  items: UploadItem[];
  /** A file on its way: stop it. */
  onCancel: (item: UploadItem) => void;
  /** A file kept on the device (queued, or refused in a replay): asks, then drops it from the outbox. */
  onDiscard: (item: UploadItem) => void;
  onRemove: (item: UploadItem) => void;
  onRetry: (item: UploadItem) => void;
}

// Text colours at 4.5:1 or more on white (axe color-contrast).
const COLOR = {
  ready: 'dimmed',
  invalid: 'red.8',
  preparing: 'blue.8',
  uploading: 'blue.8',
  queued: '#7a3500',
  done: 'green.8',
  failed: 'red.8',
  cancelled: 'dimmed',
} as const;

/** The chosen files with their checks, a progress bar per file, and cancel / remove / retry. */
export function UploadList({ items, onCancel, onDiscard, onRemove, onRetry }: Props) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Fichiers choisis">
      {items.map((item) => {
        const name = item.file.name;
        const kept = item.entryId !== null; // the outbox holds it
        return (
          <Paper component="li" key={item.key} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" wrap="nowrap">
                  {item.state === 'done' && <IconCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />}
                  {item.state === 'queued' && <IconCloudPause size={18} color="#7a3500" aria-hidden />}
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                </Group>
                <Text size="sm" c={COLOR[item.state]} aria-live="polite">
                  {formatBytes(item.file.size)} · {UPLOAD_STATE_LABELS[item.state]}
                  {item.state === 'uploading' ? ` (${percent(item)} %)` : ''}
                </Text>
                {item.message && (
                  <Text size="sm" c="red.8">
                    {item.message}
                  </Text>
                )}
                {(item.state === 'uploading' || item.state === 'done') && (
                  <Progress
                    value={percent(item)}
                    color={item.state === 'done' ? 'green' : 'blue'}
                    size="lg"
                    radius="xl"
                    aria-label={`Progression de l’envoi de ${name}`}
                    animated={item.state === 'uploading'}
                  />
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                {(item.state === 'failed' || item.state === 'cancelled') && (
                  <Tooltip label="Réessayer">
                    <ActionIcon
                      size={44}
                      variant="subtle"
                      aria-label={`Réessayer l’envoi de ${name}`}
                      onClick={() => onRetry(item)}
                    >
                      <IconRefresh size={20} />
                    </ActionIcon>
                  </Tooltip>
                )}
                {inFlight(item) ? (
                  <Tooltip label="Annuler l’envoi">
                    <ActionIcon
                      size={44}
                      variant="subtle"
                      color="red"
                      aria-label={`Annuler l’envoi de ${name}`}
                      onClick={() => onCancel(item)}
                    >
                      <IconX size={20} />
                    </ActionIcon>
                  </Tooltip>
                ) : kept ? (
                  <Tooltip label="Annuler l’envoi">
                    <ActionIcon
                      size={44}
                      variant="subtle"
                      color="red"
                      aria-label={`Annuler l’envoi de ${name}`}
                      onClick={() => onDiscard(item)}
                    >
                      <IconX size={20} />
                    </ActionIcon>
                  </Tooltip>
                ) : item.state !== 'done' ? (
                  <Tooltip label="Retirer de la liste">
                    <ActionIcon
                      size={44}
                      variant="subtle"
                      color="gray"
                      aria-label={`Retirer ${name} de la liste`}
                      onClick={() => onRemove(item)}
                    >
                      <IconTrash size={20} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
