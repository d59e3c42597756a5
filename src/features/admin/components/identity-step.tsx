import { SimpleGrid, TextInput } from '@mantine/core';
import type { Identity, IdentityErrors } from '../new-user-draft';

/** Step 1: who the user is. No password: they choose it from the invitation mail. */
export function IdentityStep({
  value,
  errors,
  onChange,
}: {
  value: Identity;
  /** Shown once the manager tried to go further (not while typing the first letters). */
  errors: IdentityErrors;
  onChange: (v: Identity) => void;
}) {
  const field = (key: keyof Identity) => ({
    value: value[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: e.currentTarget.value }),
    size: 'md' as const,
    required: true,
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Nom" autoComplete="off" {...field('name')} />
      <TextInput label="Prénom" autoComplete="off" {...field('firstName')} />
      <TextInput
        label="Identifiant"
        description="Pour se connecter : au moins 3 caractères, sans espace."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...field('username')}
      />
      <TextInput
        label="E-mail"
        description="L’invitation à choisir un mot de passe y sera envoyée."
        type="email"
        autoComplete="off"
        {...field('email')}
      />
    </SimpleGrid>
  );
}
