import { Alert, Button, Card, List, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/page/page-header';
import { sortCompaniesByLabel } from '../../domain/company-label';
import { can } from '../../domain/rights';
import { readApiError } from '../../lib/http';
import { profileAtom } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { changePassword } from '../auth';
import { NotificationPreferencesCard } from './notification-preferences-card';

/** /me: who I am, my companies, a password change, and my notifications in the current company. */
export function ProfilePage() {
  const profile = useAtomValue(profileAtom);
  if (!profile) return null;
  const current = profile.userCompanies.find((c) => c.id === profile.userLastCompany);
  return (
    <Stack>
      <PageHeader title="Mon profil" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Identité
          </Title>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px' }}>
            <dt>
              <Text c="dimmed">Prénom</Text>
            </dt>
            <dd style={{ margin: 0 }}>{profile.firstName}</dd>
            <dt>
              <Text c="dimmed">Nom</Text>
            </dt>
            <dd style={{ margin: 0 }}>{profile.name}</dd>
            <dt>
              <Text c="dimmed">Identifiant</Text>
            </dt>
            <dd style={{ margin: 0 }}>{profile.username}</dd>
            {profile.email && (
              <>
                <dt>
                  <Text c="dimmed">E-mail</Text>
                </dt>
                <dd style={{ margin: 0 }}>{profile.email}</dd>
              </>
            )}
            <dt>
              <Text c="dimmed">Profil</Text>
            </dt>
            <dd style={{ margin: 0 }}>{can(profile, 'firm') ? 'Administrateur' : 'Utilisateur'}</dd>
          </dl>
          <Title order={2} size="h4" mt="lg" mb="sm">
            Mes sociétés ({profile.userCompanies.length})
          </Title>
          <List spacing={4}>
            {sortCompaniesByLabel(profile.userCompanies).map((c) => (
              <List.Item key={c.id}>
                {c.label}
                {c.id === profile.userLastCompany ? ' (société actuelle)' : ''}
              </List.Item>
            ))}
          </List>
        </Card>
        <PasswordCard />
        {current && <NotificationPreferencesCard companyId={current.id} companyLabel={current.label} />}
      </SimpleGrid>
    </Stack>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = confirm.length > 0 && confirm !== next;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mismatch) return;
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next);
      toastSuccess('Mot de passe modifié', 'Votre nouveau mot de passe est enregistré.');
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (e) {
      setError((await readApiError(e)).message ?? 'Une erreur interne est survenue');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit}>
      <Title order={2} size="h4" mb="sm">
        Changer de mot de passe
      </Title>
      <Stack>
        <PasswordInput
          label="Mot de passe actuel"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <PasswordInput
          label="Nouveau mot de passe"
          description="Au moins 10 caractères, dont une lettre et un chiffre."
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
        />
        <PasswordInput
          label="Confirmation"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={mismatch ? 'Les deux mots de passe ne sont pas identiques.' : undefined}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} disabled={!current || !next || mismatch}>
          Enregistrer
        </Button>
      </Stack>
    </Card>
  );
}
