import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { getBranding } from '../../../lib/branding';

// A fixed light grey made the title unreadable in the dark color scheme.
const BACKGROUND = 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))';

/** The frame of the sign-in screens: product name, a card, the support phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const branding = getBranding();
  return (
    <Center component="main" mih="100dvh" p="md" bg={BACKGROUND}>
      <Stack w="100%" maw={420} gap="lg">
        <Stack gap={4} align="center">
          <img src="/icons/icon.svg" alt="" width={56} height={56} />
          <Title order={1} size="h2">
            {branding.productName}
          </Title>
          <Text c="dimmed" ta="center">
            Le portail de votre entreprise et de votre cabinet comptable
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={2} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
        <Text size="sm" c="dimmed" ta="center">
          Besoin d’aide ? Appelez le support au {branding.supportPhone}.
        </Text>
      </Stack>
    </Center>
  );
}
