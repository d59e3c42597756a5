import { Card, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import { PageHeader } from '../../components/page/page-header';
import { currentCompanyAtom, profileAtom } from '../../lib/session';

export interface Shortcut {
  label: string;
  description: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
}

/** "/": the company the user works for and shortcuts to the modules their rights open. */
export function HomePage({ shortcuts }: { shortcuts: Shortcut[] }) {
  const profile = useAtomValue(profileAtom);
  const company = useAtomValue(currentCompanyAtom);
  return (
    <Stack>
      <PageHeader title={`Bonjour ${profile?.firstName ?? ''}`} description={company ? `Vous travaillez pour ${company.label}.` : undefined} />
      {shortcuts.length === 0 ? (
        <Text>Aucun module n’est encore ouvert pour cette société. Contactez votre cabinet pour les activer.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shortcuts.map((s) => (
            <UnstyledButton key={s.to} component={Link} to={s.to} style={{ display: 'block' }}>
              <Card withBorder padding="lg" radius="md" h="100%">
                <ThemeIcon size={44} radius="md" variant="light" mb="sm"><s.icon size={24} /></ThemeIcon>
                <Text fw={600} size="lg">{s.label}</Text>
                <Text c="dimmed" size="sm">{s.description}</Text>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
