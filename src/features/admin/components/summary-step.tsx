import { Card, List, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '../../../domain/format';
import type { GrantableCompany } from '../api/admin-api';
import { accessOf, type Draft } from '../new-user-draft';
import { describeRights } from '../rights-tree';

/** Step 5: everything the user will receive, read once more before « Créer l’utilisateur ». */
export function SummaryStep({ draft, companies }: { draft: Draft; companies: readonly GrantableCompany[] }) {
  const { identity } = draft;
  const chosen = companies.filter((c) => draft.companyIds.includes(c.id));
  return (
    <Stack gap="sm">
      <Card withBorder padding="sm" component="section" aria-label="Identité">
        <Title order={3} size="h5" mb={4}>
          {identity.firstName} {identity.name}
        </Title>
        <Text>Identifiant : {identity.username}</Text>
        <Text>E-mail : {identity.email}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          Un e-mail l’invitera à choisir son mot de passe.
        </Text>
      </Card>
      {chosen.map((c) => {
        const access = accessOf(draft, c);
        return (
          <Card key={c.id} withBorder padding="sm" component="section" aria-label={`Accès à ${c.label}`}>
            <Title order={3} size="h5" mb={4}>
              {c.label}
            </Title>
            <List size="sm" spacing={2}>
              {describeRights(access.appRights).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            {c.gedUserRight && (
              <Text size="sm" mt={4}>
                Catégories de documents : {formatCount(access.categories.length, 'consultable')},{' '}
                {formatCount(access.categoriesInbox.length, 'ouverte', 'ouvertes')} au dépôt.
              </Text>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
