import { Box, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { MonthCount } from '../monthly-counts';

/** Deposits per month as plain horizontal bars: readable by screen readers as a list of figures. */
export function MonthlyBars({ counts }: { counts: MonthCount[] | null }) {
  const max = Math.max(1, ...(counts ?? []).map((c) => c.count));
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="md">
        Dépôts par mois
      </Title>
      {counts === null ? (
        <Skeleton height={200} />
      ) : (
        <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {counts.map((c) => (
            <Group component="li" key={c.month} gap="sm" wrap="nowrap" mb={6}>
              <Text size="sm" w={90} style={{ flexShrink: 0 }}>
                {c.label}
              </Text>
              <Box style={{ flex: 1 }} aria-hidden>
                <Box
                  h={14}
                  bg="blue.6"
                  style={{ width: `${(c.count / max) * 100}%`, minWidth: c.count ? 4 : 0, borderRadius: 4 }}
                />
              </Box>
              <Text size="sm" w={90} ta="right" style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
                {c.count} fichier{c.count > 1 ? 's' : ''}
              </Text>
            </Group>
          ))}
        </Box>
      )}
    </Paper>
  );
}
