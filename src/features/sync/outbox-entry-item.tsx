import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { getOutboxEditor, isDraftConflict, type OutboxEntry } from '../../data/outbox';
import { createdLabel, entryStatus } from './labels';

/** What the user may decide about a change (the panel asks for confirmation first). */
export type EntryAction = 'retry' | 'discard' | 'reload' | 'overwrite';

/**
 * One change in the sync panel: what it concerns (subject), what it does (label), its status, the
 * server's words, why it waits, and what the user can do. A save refused because the draft was
 * saved elsewhere offers reload or overwrite (decision 010): nothing is overwritten without that choice.
 */
export function OutboxEntryItem({
  entry,
  subject,
  now,
  blocked,
  waitingFor,
  onEdit,
  onAction,
}: {
  entry: OutboxEntry;
  subject: string;
  now: number;
  blocked: boolean;
  waitingFor: string | null;
  onEdit: () => void;
  onAction: (action: EntryAction) => void;
}) {
  const status = entryStatus(entry, now, blocked);
  const failed = entry.state === 'failed';
  const conflict = failed && isDraftConflict(entry.lastError);
  const editable = !!getOutboxEditor(entry.kind);
  const errors = (entry.lastError?.errors ?? []).filter((e) => e !== entry.lastError?.message);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={subject}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{subject}</Text>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
            {status.text}
          </Badge>
        </Group>
        {subject !== entry.label && <Text size="sm">{entry.label}</Text>}
        <Text size="xs" c="dimmed">
          {createdLabel(entry)}
        </Text>
        {waitingFor && (
          <Text size="sm" c="orange.9">
            {waitingFor}
          </Text>
        )}
        {entry.lastError && (
          <Text size="sm" c={failed ? 'red.8' : 'dimmed'}>
            {entry.lastError.message}
          </Text>
        )}
        {failed && errors.length > 0 && (
          <List size="sm" c="red.8">
            {errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        )}
        {entry.state !== 'sending' && (
          <Group gap="xs">
            {conflict ? (
              <>
                <Button size="sm" mih={44} variant="light" onClick={() => onAction('reload')}>
                  Recharger la version du serveur
                </Button>
                <Button size="sm" mih={44} variant="light" color="red" onClick={() => onAction('overwrite')}>
                  Écraser avec ma version
                </Button>
              </>
            ) : (
              <>
                {failed && (
                  <Button size="sm" mih={44} variant="light" onClick={() => onAction('retry')}>
                    Réessayer
                  </Button>
                )}
                {editable && (
                  <Button size="sm" mih={44} variant="light" onClick={onEdit}>
                    Modifier
                  </Button>
                )}
                <Button size="sm" mih={44} variant="subtle" color="red" onClick={() => onAction('discard')}>
                  Abandonner
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
