import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { readApiError } from '../../../lib/http';
import { safeRedirect } from '../../../lib/safe-redirect';
import { emitSessionEvent, setSession } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { login } from '../api/session-api';
import { loginErrorMessage } from '../login-errors';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const search = useSearch({ strict: false }) as { redirect?: string };
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) return;
    setBusy(true);
    try {
      const { token, ...profile } = await login(username.trim(), password, search.redirect);
      setSession({ token, profile });
      void emitSessionEvent('signIn');
      await navigate({ to: safeRedirect(search.redirect), replace: true });
    } catch (error) {
      const e = await readApiError(error);
      toastError(loginErrorMessage(e.status, e.statusText, e.message));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Connexion">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Identifiant" name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.currentTarget.value)} autoFocus />
          <PasswordInput label="Mot de passe" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy} disabled={!username.trim() || !password} size="md">Se connecter</Button>
          <Anchor component={Link} to="/forgotten-password" size="sm" ta="center">Mot de passe oublié ?</Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
