import { Checkbox, Stack, Text } from '@mantine/core';
import type { GrantableCompany } from '../api/admin-api';

/** Step 2: among the companies the manager manages (and only those), where the user gets access. */
export function CompaniesStep({
  companies,
  value,
  onChange,
}: {
  companies: readonly GrantableCompany[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <Checkbox.Group
      label="Sociétés de l’utilisateur"
      description="Vous ne pouvez donner accès qu’aux sociétés dont vous gérez les utilisateurs."
      value={value.map(String)}
      onChange={(ids) => onChange(companies.filter((c) => ids.includes(String(c.id))).map((c) => c.id))}
    >
      <Stack gap="xs" mt="sm">
        {companies.map((c) => (
          <Checkbox key={c.id} value={String(c.id)} label={c.label} size="md" />
        ))}
        {companies.length === 0 && <Text c="dimmed">Aucune société à proposer.</Text>}
      </Stack>
    </Checkbox.Group>
  );
}
