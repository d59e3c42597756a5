import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHash } from 'node:crypto';
import { customerPayload, GARAGE, invoicePayload, MARTIN, today } from '../support/invoice-helpers';
import { startLocalS3, type LocalS3 } from '../support/s3-server';
import { pdfOfSize, upload, uploadForm } from '../support/uploads';
import { ensureCompiledServer, freePort, spawnServer, waitForPort, type ChildServer } from '../support/child-server';
import { adminQuery, databaseUrl, PG_TEMPLATE } from '../support/pg-cluster';
import { apiClient, type ApiClient, type TestServer } from '../support/test-server';

// Decision 036: three compiled servers (`npm run serve`) on one PostgreSQL and one
// files folder, behind a real load balancer (Debian's haproxy, round robin), as a firm would run
// them. Run by the api-pg project; haproxy is installed by .ci/run (or by npm test: scripts/lane-tools.mjs).

const HAPROXY = '/usr/sbin/haproxy';
const cluster = inject('apiPg');
const INSTANCES = 3;

let s3: LocalS3 | null = null;
let dataDir: string;
let database: string;
let servers: Array<{ child: ChildServer; url: string }> = [];
let balancer: ChildProcess | null = null;
let api: ApiClient;
let seededMartin: number;

beforeAll(async () => {
  if (!cluster || !existsSync(HAPROXY)) return;
  ensureCompiledServer();
  dataDir = mkdtempSync(join(tmpdir(), 'workplace-cluster-'));
  database = `cluster_${process.pid}`;
  await adminQuery(cluster.adminUrl, `create database ${database} template ${PG_TEMPLATE}`);
  const url = databaseUrl(cluster.adminUrl, database);
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const front = await freePort();
  s3 = await startLocalS3(); // one object store for the three, as their files must be
  servers = ports.map((port) => ({
    url: `http://127.0.0.1:${port}`,
    child: spawnServer(
      {
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        PUBLIC_URL: `http://127.0.0.1:${front}`,
        TRUST_PROXY: '1',
        LOGIN_MAX_FAILURES: '5',
        ...s3!.env,
      },
      { script: 'dist/server/index.js' },
    ),
  }));
  await Promise.all(servers.map((s, i) => waitForPort(ports[i]!, s.child)));
  const config = join(dataDir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 512',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  option forwardfor',
      // One request per connection to the servers: each request is balanced on its own.
      '  option http-server-close',
      'frontend portail',
      `  bind 127.0.0.1:${front}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /api/health/ready',
      // Which instance answered, so the tests can see the requests were spread.
      '  http-response set-header X-Served-By %s',
      ...ports.map((port, i) => `  server i${i} 127.0.0.1:${port} check inter 1s`),
      '',
    ].join('\n'),
  );
  balancer = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  await waitForPort(front, { process: balancer, output: () => '', exited: new Promise(() => undefined) });
  api = apiClient(`http://127.0.0.1:${front}`);
  seededMartin = await martinId();
}, 180_000);

afterAll(async () => {
  balancer?.kill('SIGTERM');
  for (const s of servers) s.child.process.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.child.exited));
  if (cluster && database) await adminQuery(cluster.adminUrl, `drop database if exists ${database} with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await s3?.close();
});

async function martinId(): Promise<number> {
  const { profile } = await api.login('demo');
  const found = (profile.userCompanies as Array<{ id: number; label: string }>).find((c) => c.label === MARTIN);
  if (!found) throw new Error('société de démonstration introuvable');
  return found.id;
}

/** Where the disk store would keep these bytes (DATA_DIR/files/ab/cd/sha). */
function bytesPath(bytes: Uint8Array): string {
  const sha = createHash('sha256').update(bytes).digest('hex');
  return join(sha.slice(0, 2), sha.slice(2, 4), sha);
}

/** The test helpers build payloads from a TestServer: only its clock is read. */
const clock = { deps: { now: () => new Date() } } as unknown as TestServer;

describe.skipIf(!cluster || !existsSync(HAPROXY))('three instances behind haproxy', () => {
  it('a session opened through one instance is valid on every other', async () => {
    const { token } = await api.login('demo');
    for (const s of servers) {
      const me = await apiClient(s.url).get('/api/user/me', { token });
      expect(me.status, s.url).toBe(200);
    }
    // Signing out through the balancer revokes it everywhere.
    expect((await api.post('/api/logout', undefined, { token })).status).toBe(204);
    for (const s of servers) expect((await apiClient(s.url).get('/api/user/me', { token })).status).toBe(401);
  });

  it('an outbox replay whose retries land on different instances applies once', async () => {
    const { token } = await api.login('demo');
    const body = customerPayload('Rejeu réparti', { accountNumber: 'HAP001' });
    const answers = [];
    // Six sends of one change, one after the other: round robin gives each to the next instance.
    for (let i = 0; i < 6; i++)
      answers.push(
        await api.post('/api/customers', body, { token, company: seededMartin, idempotencyKey: 'rejeu-reparti-0001' }),
      );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.headers.get('x-served-by'))).size).toBe(INSTANCES);
    expect(answers.filter((a) => a.headers.get('idempotent-replay') === 'true')).toHaveLength(5);
    const list = await api.get('/api/customers?search=HAP001', { token, company: seededMartin });
    expect(list.body.items.filter((c: { accountNumber: string }) => c.accountNumber === 'HAP001')).toHaveLength(1);
  });

  it('30 validations spread over the instances get contiguous numbers', async () => {
    const { token } = await api.login('demo');
    const as = { token, company: seededMartin };
    const drafts: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await api.post('/api/invoices', invoicePayload(clock), as);
      expect(res.status).toBe(201);
      drafts.push(res.body.id);
    }
    const validate = (id: number) => api.put(`/api/invoices/${id}/validate`, {}, as);
    let answers = await Promise.all(drafts.map(validate));
    // The number lock makes the 30 wait in line; on a loaded machine the last may meet the statement
    // timeout: 503 with Retry-After, nothing done (the outbox sends it again, as here). The numbers
    // must stay contiguous all the same.
    for (let round = 0; round < 5 && answers.some((a) => a.status === 503); round++)
      answers = await Promise.all(answers.map((a, i) => (a.status === 503 ? validate(drafts[i]!) : a)));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect(new Set(answers.map((a) => a.headers.get('x-served-by'))).size).toBe(INSTANCES);
    const seqs = answers.map((a) => Number(a.body.invoice.number.split('-')[1])).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 30 }, (_, i) => seqs[0]! + i));
    expect(answers[0]!.body.invoice.number.startsWith(`F${today(clock).slice(0, 4)}-`)).toBe(true);
  });

  it('a file deposited through one instance is filed by the firm and downloaded from every instance', async () => {
    const demo = (await api.login('demo')).token;
    const admin = (await api.login('admin')).token;
    const garage = (await api.login('demo')).profile.userCompanies.find((c: { label: string }) => c.label === GARAGE)
      .id as number;
    const bytes = pdfOfSize(300_000);
    const deposited = await upload(api, uploadForm([{ bytes, name: 'releve-commun.pdf' }], 43), {
      token: demo,
      company: garage,
    });
    expect(deposited.status).toBe(201);
    const ids = deposited.body.items.map((d: { id: number }) => d.id);
    const batch = await api.post('/api/batch', { ids }, { token: admin, company: garage });
    expect(batch.status).toBe(201);
    let state = batch.body;
    // The firm's screen polls the batch through the balancer until it is filed.
    await expect
      .poll(
        async () =>
          (state = (await api.get(`/api/trigger/batch/${batch.body.id}`, { token: admin, company: garage })).body)
            .status,
        { timeout: 20_000 },
      )
      .toBe('done');
    const documentId = state.files[0].documentId as number;
    for (const s of servers) {
      const res = await apiClient(s.url).get(`/api/ged/documents/${documentId}/download`, {
        token: demo,
        company: garage,
      });
      expect(res.status, s.url).toBe(200);
      expect(Buffer.from(res.raw).equals(Buffer.from(bytes)), s.url).toBe(true);
    }
    // The bytes live in the shared object store, not in the instances' folder.
    expect(existsSync(join(dataDir, 'files', bytesPath(bytes)))).toBe(false);
  });

  it('the sign-in throttle counts failures on every instance together', async () => {
    // Five failures spread over the three instances…
    for (let i = 0; i < 5; i++) {
      const res = await api.post('/api/login', { username: 'admin', password: `faux-${i}` });
      expect(res.status).toBe(401);
    }
    // …and the right password is refused on each instance now.
    for (const s of servers) {
      const res = await apiClient(s.url).post(
        '/api/login',
        { username: 'admin', password: 'admin' },
        { headers: { 'x-forwarded-for': '127.0.0.1' } },
      );
      expect(res.status, s.url).toBe(429);
    }
  });
});
