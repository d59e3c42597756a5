import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import { readApiError } from '../../../lib/http';
import { toastError, toastSuccess } from '../../../lib/toast';
import { requestPasswordReset, resetPassword } from '../api/session-api';
import { AuthCard } from './auth-card';

const route = getRouteApi('/forgotten-password');

/** /forgotten-password: asks for a link; with ?token=… (the link of the mail) sets a new password. */
// The return type is written: inferred, it would make the route tree's type depend on itself.
export function ForgottenPasswordPage(): ReactNode {
  const search = route.useSearch();
  return search.token ? <ResetForm token={search.token} /> : <RequestForm />;
}

function RequestForm() {
  const [username, setUsername] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setSent((await requestPasswordReset(username.trim())).message);
    } catch (error) {
      const e = await readApiError(error);
      toastError('Erreur lors de la demande', e.message ?? 'Une erreur interne est survenue');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Mot de passe oublié">
      {sent ? (
        <Stack>
          <Alert color="green" title="Demande envoyée">
            {sent}
          </Alert>
          <Anchor component={Link} to="/login">
            Retour à la connexion
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm">
              Saisissez votre identifiant : nous vous enverrons un lien pour choisir un nouveau mot de passe.
            </Text>
            <TextInput
              label="Identifiant"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- a one-field page: focus goes where the user types
              autoFocus
            />
            <Button type="submit" loading={busy} disabled={!username.trim()}>
              Envoyer le lien
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Retour à la connexion
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = confirm.length > 0 && confirm !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mismatch) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await resetPassword(token, password);
      toastSuccess('Mot de passe modifié', message);
      await navigate({ to: '/login' });
    } catch (e) {
      setError((await readApiError(e)).message ?? 'Une erreur interne est survenue');
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Nouveau mot de passe">
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm">Au moins 10 caractères, dont une lettre et un chiffre.</Text>
          <PasswordInput
            label="Nouveau mot de passe"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirmation du mot de passe"
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
          <Button type="submit" loading={busy} disabled={!password || mismatch}>
            Enregistrer le mot de passe
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
