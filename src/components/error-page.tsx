import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** NAV-6: the texts of the error page, by status. */
export function errorText(status: number | null | undefined): string {
  if (status === 404) return "Oups! La page que vous cherchez n'existe pas.";
  if (status === 500) return "Oups! Une erreur du serveur s'est produite.";
  return "Oups! Une erreur s'est produite.";
}

export function ErrorPage({ status }: { status?: number | null }) {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" component="main">
        {status ? (
          <Title order={1} size={72} c="blue.8">
            {status}
          </Title>
        ) : null}
        <Text size="xl" fw={500} ta="center">
          {errorText(status)}
        </Text>
        {/* A plain link: from a broken state, a full load of the home page is the safe way back. */}
        <Anchor component={Link} to="/" size="lg">
          Retour à la page d'accueil
        </Anchor>
      </Stack>
    </Center>
  );
}
