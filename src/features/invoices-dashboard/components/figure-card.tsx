import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

/** One figure of the dashboard: its name, the amount, what it counts. */
export function FigureCard({
  label,
  value,
  detail,
  icon: Icon,
  color = 'blue',
  alert = false,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  icon: ComponentType<{ size?: number }>;
  color?: string;
  alert?: boolean;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text c="dimmed" size="sm" fw={500}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
      <Text
        fw={700}
        fz={26}
        c={alert ? 'red.8' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}
