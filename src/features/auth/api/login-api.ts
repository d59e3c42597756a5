import { usesDirectoryLogin } from '../../../lib/branding';
import type { ApiError } from '../../../lib/http';
import type { LoginResponse } from './session-api';

// Decision 014: the sign-in call in plain fetch, so /login does not load the HTTP client (ky); the
// signed-in app keeps lib/http.ts. Same request as before: no retry, 30 s timeout.
export class LoginFailure extends Error {
  constructor(readonly detail: ApiError) {
    super(detail.message ?? detail.statusText ?? 'login failed');
  }
}

/** AUTH-1: POST /api/login, or /api/ldap/login for directory users (AUTH-2). */
export async function login(username: string, password: string, redirect?: string): Promise<LoginResponse> {
  const path = usesDirectoryLogin(username) ? 'ldap/login' : 'login';
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username, password, redirect }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new LoginFailure({ status: null, message: null, errors: [], statusText: null }); // no response
  }
  if (response.ok) return (await response.json()) as LoginResponse;
  let body: { message?: string; errors?: string[] } = {};
  try {
    body = await response.json();
  } catch {
    /* not JSON */
  }
  throw new LoginFailure({
    status: response.status,
    message: body.message ?? null,
    errors: body.errors ?? [],
    statusText: response.statusText || null,
  });
}
