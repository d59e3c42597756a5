import ky, { HTTPError, type KyInstance } from 'ky';
import { fromWireDeep } from '../domain/wire-names';
import { signOutsFirst } from './pending-sign-outs';
import { getSession } from './session';

let onUnauthorized: (() => void) | null = null;
/** The router installs this: any 401 signs out and goes to /login?redirect={current path}. */
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

const PUBLIC_CALLS = /\/api\/(login|ldap\/login|user\/me\/forgotten-password|user\/me\/reset-password|config)$/;

/** The one HTTP client. Mutations never retry here: the outbox owns retries (stack-notes). */
export const http: KyInstance = ky.create({
  prefixUrl: '/api',
  timeout: 30_000,
  retry: { limit: 2, methods: ['get'], statusCodes: [408, 502, 503, 504] },
  // Answers reach the app in the domain's names (the spec's misspellings stay on the wire).
  parseJson: (text) => fromWireDeep(JSON.parse(text)),
  hooks: {
    beforeRequest: [
      // A sign-out made offline goes first, once per connection (decision 078); at once when none waits.
      () => signOutsFirst(getSession()?.token),
      (request) => {
        const session = getSession();
        if (session?.token && !request.headers.has('authorization'))
          request.headers.set('authorization', `Bearer ${session.token}`);
        const company = session?.profile.userLastCompany;
        if (company != null && !request.headers.has('x-company-id'))
          request.headers.set('x-company-id', String(company));
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.status === 401 && !PUBLIC_CALLS.test(new URL(request.url).pathname)) onUnauthorized?.();
      },
    ],
  },
});

export interface ApiError {
  status: number | null;
  message: string | null;
  errors: string[];
  statusText: string | null;
}

/** Reads the French message the server sent (ky 1.x: the body is on error.response). */
export async function readApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    let body: { message?: string; errors?: string[] } = {};
    try {
      body = await error.response.clone().json();
    } catch {
      /* not JSON */
    }
    return {
      status: error.response.status,
      message: body.message ?? null,
      errors: body.errors ?? [],
      statusText: error.response.statusText || null,
    };
  }
  return { status: null, message: null, errors: [], statusText: null };
}

export const isNetworkError = (error: unknown) =>
  !(error instanceof HTTPError) && (error instanceof TypeError || (error as Error)?.name === 'TimeoutError');
