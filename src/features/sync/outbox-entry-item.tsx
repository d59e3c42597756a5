import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { getOutboxEditor, type OutboxEntry } from '../../data/outbox';
import { createdLabel, entryStatus } from './labels';

/** One change in the sync panel: its French label, status, the server's words, and what the user can do. */
export function OutboxEntryItem({ entry, now, blocked, onRetry, onEdit, onDiscard }: {
  entry: OutboxEntry; now: number; blocked: boolean; onRetry: () => void; onEdit: () => void; onDiscard: () => void;
}) {
  const status = entryStatus(entry, now, blocked);
  const editable = !!getOutboxEditor(entry.kind);
  const failed = entry.state === 'failed';
  const errors = (entry.lastError?.errors ?? []).filter((e) => e !== entry.lastError?.message);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={entry.label}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{entry.label}</Text>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>{status.text}</Badge>
        </Group>
        <Text size="xs" c="dimmed">{createdLabel(entry)}</Text>
        {entry.lastError && (
          <Text size="sm" c={failed ? 'red.8' : 'dimmed'}>{entry.lastError.message}</Text>
        )}
        {failed && errors.length > 0 && (
          <List size="sm" c="red.8">{errors.map((e) => <List.Item key={e}>{e}</List.Item>)}</List>
        )}
        {entry.state !== 'sending' && (
          <Group gap="xs">
            {failed && <Button size="sm" mih={44} variant="light" onClick={onRetry}>Réessayer</Button>}
            {editable && <Button size="sm" mih={44} variant="light" onClick={onEdit}>Modifier</Button>}
            <Button size="sm" mih={44} variant="subtle" color="red" onClick={onDiscard}>Abandonner</Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
