import { Card, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Figures in columns line up digit under digit. */
export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** A dashboard's key figure: its label, the value (a skeleton while it loads) and a line below. */
export function FigureCard({
  label,
  value,
  loading,
  children,
}: {
  label: string;
  value: string | undefined;
  loading: boolean;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={label}>
      <Text c="dimmed" size="sm" fw={500}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={30} mt={6} />
      ) : (
        <Text fw={700} fz={26} style={{ ...TABULAR, whiteSpace: 'nowrap' }}>
          {value ?? '—'}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}
