// What a screen shows when it fails or waits (decision 022). Rendered inside the signed-in frame:
// a failing screen keeps the menu, the drawer and the sync panel (the outbox goes on sending).
// Loaded with the signed-in layer (Mantine), never on /login: see module-boundary-lazy.tsx.
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorText } from '../components/error-page';

function statusOf(error: unknown): number | null {
  const e = error as { status?: number; response?: { status?: number } } | null;
  const status = e?.response?.status ?? e?.status;
  return typeof status === 'number' ? status : null;
}

export function ModuleError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Alert color="red" title="Cette page n’a pas pu s’afficher" role="alert" maw={720}>
      <Stack gap="sm">
        <Text size="sm">{offline ? 'Vérifiez votre connexion puis réessayez.' : errorText(statusOf(error))}</Text>
        <Text size="sm" c="dimmed">
          Le reste de l’application fonctionne : vos modifications en attente restent enregistrées sur cet appareil.
        </Text>
        <Group>
          <Button variant="light" color="red" onClick={retry}>
            Réessayer
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** A screen whose code or data is on its way (the router shows it after a short delay only). */
export function ModulePending() {
  return (
    <Stack aria-busy="true" aria-label="Chargement de la page">
      <Skeleton h={36} w="40%" />
      <Skeleton h={18} w="60%" />
      <Skeleton h={220} />
    </Stack>
  );
}
