import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ComponentType, ReactNode } from 'react';
import { PageHeader } from '../../components/page/page-header';
import { currentCompanyAtom, profileAtom } from '../../lib/session';

export interface Shortcut {
  label: string;
  description: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
}

/**
 * "/": what needs attention first (money to collect, quotes waiting for an
 * answer, documents received, deposits not yet filed, unread notifications, each per the user's
 * rights), then compact shortcuts to the modules.
 */
export function HomePage({ widgets, shortcuts }: { widgets: ReactNode[]; shortcuts: Shortcut[] }) {
  const profile = useAtomValue(profileAtom);
  const company = useAtomValue(currentCompanyAtom);
  return (
    <Stack>
      <PageHeader
        title={`Bonjour ${profile?.firstName ?? ''}`}
        description={company ? `Vous travaillez pour ${company.label}.` : undefined}
      />
      {widgets.length > 0 && <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{widgets}</SimpleGrid>}
      {shortcuts.length === 0 ? (
        <Text>Aucun module n’est encore ouvert pour cette société. Contactez votre cabinet pour les activer.</Text>
      ) : (
        <Stack gap="xs" component="section" aria-labelledby="acces-rapides">
          <Title order={2} size="h4" id="acces-rapides">
            Accès rapides
          </Title>
          <Group gap="sm">
            {shortcuts.map((s) => (
              <Button
                key={s.to}
                component={Link}
                to={s.to}
                variant="light"
                leftSection={<s.icon size={18} />}
                mih={44}
                title={s.description}
              >
                {s.label}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
