import type { Clock } from '../../clock/clock';

// Decision 088: the one adapter that speaks the AFNOR XP Z12-013 Flow Service (1.3.0). Any approved
// platform offering it works: the company gives its base URL (…/flow-service) and its credentials
// as the service's two security schemes say (OAuth2 client credentials, or a bearer token).
// Failures come back as PlatformError: retryable (5xx, 429, timeout, connection refused — the queue
// tries again later) or not (another 4xx — its message is kept and shown in French).

export type AuthSettings =
  { kind: 'oauth2'; tokenUrl: string; clientId: string; clientSecret: string } | { kind: 'bearer'; token: string };

export interface PlatformAccess {
  baseUrl: string;
  auth: AuthSettings;
  /** Outside the demo: an answer of the project's local platform (its X-Local-Platform header) is refused. */
  refuseLocal?: boolean;
}

/** The local platform marks every answer with it (decision 087). */
const LOCAL_PLATFORM_HEADER = 'x-local-platform';

export const LOCAL_REFUSED =
  'La plateforme locale du projet ne sert qu’à la démonstration (SEED_DEMO) : indiquez l’adresse de votre plateforme agréée.';

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';
export type FlowProfile = 'Basic' | 'CIUS' | 'Extended-CTC-FR' | 'Undefined';

export interface FlowInfo {
  trackingId: string;
  name: string;
  flowSyntax: FlowSyntax;
  flowProfile: FlowProfile;
  sha256: string;
  processingRule?: string;
}

/** A flow as the service describes it (Flow, FullFlowInfo): the fields the portal reads. */
export interface PlatformFlow {
  flowId: string;
  trackingId?: string;
  name?: string;
  flowSyntax?: string;
  flowType?: string;
  flowDirection?: 'In' | 'Out';
  submittedAt?: string;
  updatedAt?: string;
  sha256?: string;
  acknowledgement?: { status: 'Pending' | 'Ok' | 'Error'; details?: unknown };
}

export class PlatformError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

/** What a non-retryable answer says, in French (the platform's own text kept after it). */
function refusalMessage(status: number, body: unknown): string {
  const b = (body ?? {}) as { errorMessage?: unknown; details?: unknown; errorCode?: unknown; message?: unknown };
  const said = [b.errorMessage, b.details, b.message].find((v) => typeof v === 'string' && v.trim()) as
    string | undefined;
  const code = typeof b.errorCode === 'string' ? ` (${b.errorCode})` : '';
  const head =
    status === 401 || status === 403
      ? 'La plateforme refuse nos identifiants : vérifiez-les dans « Plateforme agréée »'
      : status === 413
        ? 'La plateforme refuse le fichier : il est trop volumineux'
        : status === 422 || status === 400
          ? 'La plateforme a refusé le fichier'
          : status === 404
            ? 'La plateforme ne connaît pas cette adresse : vérifiez son URL dans « Plateforme agréée »'
            : `La plateforme a refusé la demande (erreur ${status})`;
  return said ? `${head}${code} : ${said}` : `${head}${code}.`;
}

export interface AfnorClient {
  healthcheck(): Promise<void>;
  /** Whether the address answers as the project's local platform (no credentials needed to tell). */
  isLocalPlatform(): Promise<boolean>;
  submitFlow(info: FlowInfo, file: Uint8Array, contentType: string): Promise<PlatformFlow>;
  searchFlows(
    where: Record<string, unknown>,
    cursor?: string,
  ): Promise<{ results: PlatformFlow[]; nextCursor?: string }>;
  getFlow(flowId: string): Promise<PlatformFlow>;
  downloadFlow(flowId: string, docType?: 'Original' | 'Converted' | 'ReadableView'): Promise<Uint8Array>;
  createWebhook(params: {
    callbackUrl: string;
    flowDirection?: 'In' | 'Out';
  }): Promise<{ webhookId: string; signingKey: string }>;
  deleteWebhook(webhookId: string): Promise<void>;
}

/** Tokens by client, kept until a minute before they expire (one token request per client, not per call). */
const tokens = new Map<string, { token: string; until: number }>();

/** Forgets the cached tokens (tests, or credentials changed). */
export function forgetTokens(): void {
  tokens.clear();
}

export function afnorClient(access: PlatformAccess, now: Clock, fetchImpl: typeof fetch = fetch): AfnorClient {
  const base = access.baseUrl.replace(/\/+$/, '');

  async function call(url: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const e = error as { name?: string; cause?: { code?: string } };
      const why =
        e.name === 'TimeoutError'
          ? 'elle ne répond pas (délai dépassé)'
          : e.cause?.code === 'ECONNREFUSED'
            ? 'connexion refusée'
            : 'elle est injoignable';
      throw new PlatformError(`La plateforme est injoignable pour le moment : ${why}.`, true, null);
    }
    if (access.refuseLocal && res.headers.get(LOCAL_PLATFORM_HEADER)) {
      await res.body?.cancel().catch(() => undefined);
      throw new PlatformError(LOCAL_REFUSED, false, res.status);
    }
    return res;
  }

  async function failure(res: Response): Promise<PlatformError> {
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text ? { message: text.slice(0, 300) } : null;
    }
    if (res.status >= 500 || res.status === 429 || res.status === 408)
      return new PlatformError(
        `La plateforme est momentanément indisponible (erreur ${res.status}) : nouvel essai automatique.`,
        true,
        res.status,
      );
    return new PlatformError(refusalMessage(res.status, body), false, res.status);
  }

  async function token(): Promise<string> {
    const auth = access.auth;
    if (auth.kind === 'bearer') return auth.token;
    const key = `${auth.tokenUrl}\n${auth.clientId}\n${auth.clientSecret}`;
    const cached = tokens.get(key);
    if (cached && cached.until > now().getTime()) return cached.token;
    const res = await call(auth.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${auth.clientId}:${auth.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: auth.clientId,
        client_secret: auth.clientSecret,
      }).toString(),
    });
    if (!res.ok) {
      const error = await failure(res);
      if (!error.retryable)
        throw new PlatformError(
          'La plateforme refuse nos identifiants (jeton non délivré) : vérifiez l’identifiant client et le secret.',
          false,
          res.status,
        );
      throw error;
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!body.access_token)
      throw new PlatformError('La plateforme n’a pas délivré de jeton d’accès.', false, res.status);
    const life = Math.max(60, Number(body.expires_in) || 3600);
    tokens.set(key, { token: body.access_token, until: now().getTime() + (life - 60) * 1000 });
    return body.access_token;
  }

  async function authorized(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${await token()}`);
    let res = await call(`${base}${path}`, { ...init, headers });
    // A token revoked before its time: one new one, once.
    if (res.status === 401 && access.auth.kind === 'oauth2') {
      forgetTokens();
      headers.set('authorization', `Bearer ${await token()}`);
      res = await call(`${base}${path}`, { ...init, headers });
    }
    if (!res.ok) throw await failure(res);
    return res;
  }

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  return {
    async isLocalPlatform() {
      try {
        const res = await fetchImpl(`${base}/v1/healthcheck`, { signal: AbortSignal.timeout(5000) });
        await res.body?.cancel().catch(() => undefined);
        return res.headers.get(LOCAL_PLATFORM_HEADER) !== null;
      } catch {
        return false;
      }
    },
    async healthcheck() {
      await authorized('/v1/healthcheck');
    },
    async submitFlow(info, file, contentType) {
      const form = new FormData();
      form.append('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }));
      form.append('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: contentType }), info.name);
      const res = await authorized('/v1/flows', { method: 'POST', body: form });
      return (await res.json()) as PlatformFlow;
    },
    async searchFlows(where, cursor) {
      const res = await authorized('/v1/flows/search', json({ where, limit: 100, ...(cursor ? { cursor } : {}) }));
      const body = (await res.json()) as { results?: PlatformFlow[]; nextCursor?: string };
      return { results: body.results ?? [], nextCursor: body.nextCursor };
    },
    async getFlow(flowId) {
      const res = await authorized(`/v1/flows/${encodeURIComponent(flowId)}`);
      return (await res.json()) as PlatformFlow;
    },
    async downloadFlow(flowId, docType = 'Original') {
      const res = await authorized(`/v1/flows/${encodeURIComponent(flowId)}?docType=${docType}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async createWebhook(params) {
      const res = await authorized('/v1/webhooks', json(params));
      const body = (await res.json()) as { webhookId?: string; signingKey?: string };
      if (!body.webhookId || !body.signingKey)
        throw new PlatformError('La plateforme n’a pas donné de clé de signature pour ses notifications.', false, 201);
      return { webhookId: body.webhookId, signingKey: body.signingKey };
    },
    async deleteWebhook(webhookId) {
      await authorized(`/v1/webhooks/${encodeURIComponent(webhookId)}`, { method: 'DELETE' });
    },
  };
}
