import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import type { LifecycleEventJson } from '../../../contract/common';
import { formatDateTime, formatMoney, formatPercent } from '../../../domain/format';

// Decision 089: an invoice's lifecycle trail (« statuts de cycle de vie »), sent or received, as both
// « Suivi » of an invoice and « Factures reçues » show it: each status with its date, who set it, its
// reason, the rules a « Rejetée » names and what an « Encaissée » received per VAT rate. Oldest first.

// The text keeps its colour on the light tint (axe's 4.5:1), as the lists' badges do.
const BADGE_TEXT = { textTransform: 'none', color: 'var(--mantine-color-text)' } as const;

const COLORS: Record<string, string> = {
  '205': 'teal',
  '206': 'teal',
  '207': 'orange',
  '208': 'orange',
  '210': 'red',
  '211': 'blue',
  '212': 'green',
  '213': 'red',
};

/** The last status's badge (lists, headers). */
export function LifecycleBadge({ status }: { status: { code: string; label: string } | null | undefined }) {
  if (!status) return null;
  return (
    <Badge color={COLORS[status.code] ?? 'gray'} variant="light" style={BADGE_TEXT} data-testid="lifecycle-badge">
      {status.label}
    </Badge>
  );
}

export function LifecycleTrail({
  events,
  title = 'Statuts de cycle de vie',
}: {
  events: LifecycleEventJson[];
  title?: string;
}) {
  if (!events.length) return null;
  return (
    <section aria-label={title} data-testid="lifecycle-trail">
      <Text size="sm" fw={600} mb={6}>
        {title}
      </Text>
      <Timeline bulletSize={12} lineWidth={2} active={events.length - 1}>
        {events.map((e) => (
          <Timeline.Item
            key={e.id}
            color={COLORS[e.code] ?? 'gray'}
            title={
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {e.label}
                </Text>
                <Text size="xs" c="dimmed">
                  ({e.code}) — {e.setByLabel}
                </Text>
              </Group>
            }
          >
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.occurredAt)}
              </Text>
              {e.reasonCode && (
                <Text size="sm">
                  Motif : {e.reasonLabel ?? e.reasonCode}
                  {e.reasonText && e.reasonText !== e.reasonLabel ? ` — ${e.reasonText}` : ''}
                </Text>
              )}
              {e.failedRules.map((r) => (
                <Text key={r.id} size="sm">
                  Règle {r.id} : {r.text}
                </Text>
              ))}
              {e.collected.map((c) => (
                <Text key={`${c.vatRate}`} size="sm">
                  Encaissé {formatMoney(c.amount)} au taux de TVA de {formatPercent(c.vatRate)}
                </Text>
              ))}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </section>
  );
}
