// An in-memory API for outbox tests: the same Idempotency-Key rules as server/src/http/idempotency.ts
// (first answer stored per key and returned again; 401/408/429/5xx not stored; same key + other
// request → 422), plus fault injection before or after the server commits.

export type Fault =
  | 'ok'
  | 'networkBefore'
  | 'networkAfter'
  | 'status500'
  | 'status503'
  | 'status401'
  | 'status429'
  | 'hang'
  | 'hangAfter';

export interface Applied {
  key: string;
  method: string;
  path: string;
  body: any;
  company: string | null;
}

interface Stored {
  hash: string;
  status: number;
  body: string;
}

export class FakeApi {
  applied: Applied[] = [];
  docs = new Map<number, string[]>();
  /** Versioned drafts (decision 010): created with { versioned: true }; a PUT naming another version gets 409. */
  versions = new Map<number, number>();
  /** Customers by account number; the server numbers those created without one (C00001…). */
  customers = new Map<string, string>();
  private stored = new Map<string, Stored>();
  private nextId = 100;
  /** Faults consumed one per request, in order; 'ok' when empty. */
  faults: Fault[] = [];
  /** Decides the fault of each request when set (property tests). */
  faultFor: ((req: { path: string; body: any }) => Fault) | null = null;
  requests = 0;
  /** The next n new requests are refused with 409 (stored under their key, like the real server). */
  refuseNext = 0;
  validToken = 'jeton-valide';
  /** POST sync/batch answers (decision 026); false: 404 as an older server would. */
  batchEndpoint = true;
  /** Batch requests received (each also counts in `requests`). */
  batches = 0;
  /** Every batch item received, with the key of the item it came after (decision 033). */
  batchItems: Array<{ key: string; after?: string; status: number }> = [];
  /** Called when a request hangs forever: the test "kills the tab" there. */
  onHang: (() => void) | null = null;

  /** Milliseconds each request takes to reach the server and its answer to come back (concurrency tests). */
  latency: (() => number) | null = null;

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (this.latency) await sleep(this.latency());
    const res = await this.arrive(input, init);
    if (this.latency) await sleep(this.latency());
    return res;
  };

  private arrive = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    this.requests += 1;
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api\//, '');
    const headers = new Headers(init.headers);
    const text = typeof init.body === 'string' ? init.body : '';
    const body = text
      ? JSON.parse(text)
      : init.body instanceof FormData
        ? Object.fromEntries(
            [...init.body.entries()].map(([k, v]) => [
              k,
              typeof v === 'string' ? v : `fichier:${(v as File).name}:${(v as File).size}`,
            ]),
          )
        : undefined;
    const fault = this.faults.shift() ?? this.faultFor?.({ path, body }) ?? 'ok';
    if (fault === 'networkBefore') throw new TypeError('Failed to fetch');
    if (fault === 'hang') return this.hang();
    if (fault === 'status500') return json(500, { message: 'Erreur interne du serveur.' });
    if (fault === 'status503') return json(503, { message: 'Indisponible.' }, { 'retry-after': '7' });
    if (fault === 'status429') return json(429, { message: 'Trop de requêtes.' }, { 'retry-after': '30' });
    if (fault === 'status401' || headers.get('authorization') !== `Bearer ${this.validToken}`)
      return json(401, { message: 'Session expirée.' });
    // Reads carry no key and are never stored.
    if ((init.method ?? 'GET') === 'GET')
      return json(...this.handle('GET', path, undefined, '', headers.get('x-company-id')));
    let res: Response;
    if (init.method === 'POST' && path === 'sync/batch' && this.batchEndpoint) {
      // Each item as if sent alone, in order, each with its own key (server/src/modules/sync).
      this.batches += 1;
      // An item `after` one that was not applied is not tried (decision 033).
      const applied = new Set<string>();
      const items = (
        body.items as Array<{
          key: string;
          method: string;
          path: string;
          body?: unknown;
          companyId?: number;
          after?: string;
        }>
      ).map((it) => {
        if (it.after !== undefined && !applied.has(it.after)) {
          this.batchItems.push({ key: it.key, after: it.after, status: 424 });
          return { key: it.key, status: 424, body: { message: 'Non appliquée.' } as unknown };
        }
        const text = it.body === undefined ? '' : JSON.stringify(it.body);
        const company = it.companyId === undefined ? headers.get('x-company-id') : String(it.companyId);
        const answer = this.keyed(it.key, it.method, it.path, company, text, it.body);
        if (answer.status >= 200 && answer.status < 300) applied.add(it.key);
        this.batchItems.push({ key: it.key, after: it.after, status: answer.status });
        return { key: it.key, status: answer.status, body: JSON.parse(answer.body) as unknown };
      });
      res = json(200, { items });
    } else {
      const key = headers.get('idempotency-key') ?? '';
      const answer = this.keyed(
        key,
        init.method ?? 'GET',
        path,
        headers.get('x-company-id'),
        init.body instanceof FormData ? '' : text,
        body,
      );
      res = new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...(answer.replay ? { 'idempotent-replay': 'true' } : {}) },
      });
    }
    if (fault === 'networkAfter') throw new TypeError('network error after commit');
    if (fault === 'hangAfter') return this.hang();
    return res;
  };

  /** One keyed change: its stored answer when the key was seen, else handled once and stored. */
  private keyed(key: string, method: string, path: string, company: string | null, text: string, body: any) {
    const hash = `${method} ${path} ${company} ${text}`;
    const previous = this.stored.get(key);
    if (previous) {
      if (previous.hash === hash) return { status: previous.status, body: previous.body, replay: true };
      return {
        status: 422,
        body: JSON.stringify({ message: 'Cette clé d’idempotence a déjà servi pour une autre requête.' }),
      };
    }
    const [status, out] = this.handle(method, path, body, key, company);
    this.stored.set(key, { hash, status, body: JSON.stringify(out) });
    return { status, body: JSON.stringify(out) };
  }

  private hang(): Promise<Response> {
    queueMicrotask(() => this.onHang?.());
    return new Promise<Response>(() => undefined);
  }

  private handle(method: string, path: string, body: any, key: string, company: string | null): [number, unknown] {
    if (this.refuseNext > 0) {
      this.refuseNext -= 1;
      return [409, { message: 'Le document a été modifié entre-temps.' }];
    }
    if (body?.reject)
      return [422, { message: 'La facture ne respecte pas les règles.', errors: ['Le client est obligatoire.'] }];
    if (method === 'POST' && path === 'customers') {
      const accountNumber = body?.accountNumber || `C${String(this.customers.size + 1).padStart(5, '0')}`;
      if (this.customers.has(accountNumber))
        return [409, { message: 'Un client avec ce numéro de compte existe déjà.' }];
      this.customers.set(accountNumber, body?.socialReason ?? '');
      this.applied.push({ key, method, path, body, company });
      return [201, { id: this.nextId++, accountNumber }];
    }
    const customer = body?.customer?.accountNumber;
    if (customer !== undefined && !this.customers.has(customer))
      return [
        422,
        { message: 'Le devis contient des erreurs.', errors: [`Le client « ${customer} » est introuvable.`] },
      ];
    if (method === 'POST' && path === 'docs') {
      const id = this.nextId++;
      this.docs.set(id, [body?.op]);
      this.applied.push({ key, method, path, body, company });
      if (body?.versioned) this.versions.set(id, 1);
      return [201, body?.versioned ? { id, version: 1 } : { id }];
    }
    const m = /^docs\/(\d+)(?:\/.*)?$/.exec(path);
    if (m && this.docs.has(Number(m[1]))) {
      const id = Number(m[1]);
      const version = this.versions.get(id);
      if (method === 'GET') return [200, { id, version }];
      if (version !== undefined && body?.version != null && body.version !== version)
        return [409, { message: 'Ce brouillon a été modifié ailleurs.', field: 'version' }];
      this.docs.get(id)!.push(body?.op);
      this.applied.push({ key, method, path, body, company });
      if (version === undefined) return [200, { id, ok: true }];
      this.versions.set(id, version + 1);
      return [200, { id, ok: true, version: version + 1 }];
    }
    if (path === 'uploads') {
      this.applied.push({ key, method, path, body, company });
      return [201, { id: this.nextId++ }];
    }
    return [404, { message: 'Document introuvable.' }];
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
