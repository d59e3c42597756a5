import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../server/src/db/schema/index';
import { readConfig } from '../../server/src/env';
import { MARTIN } from '../support/invoice-helpers';
import { PAYROLL_SUCCESS, postPayrollForm, startPayrollHost, type PayrollHost } from '../support/payroll-host';
import { startTestServer, type TestServer } from '../support/test-server';

// Payroll single sign-on (decision 045): GET /api/fullls/sso signs user, scope and time with the
// secret shared with the payroll host; the local host (tests/support/payroll-host.ts) checks it as the
// real one would. Gated by view on « Mon compte »; not configured → 503 (silent in the app).

let host: PayrollHost;
let server: TestServer;
let demo: string;
let company: number;
beforeAll(async () => {
  host = await startPayrollHost();
  server = await startTestServer({
    env: { PAYROLL_SSO_URL: host.url, PAYROLL_SSO_SECRET: host.secret, PAYROLL_SSO_SCOPE: 'paie-rh' },
  });
  demo = (await server.api.login('demo')).token;
  company = server.seed!.companies.find((c) => c.label === MARTIN)!.id;
});
afterAll(async () => {
  await server?.close();
  await host?.close();
});

const sso = () => server.api.get('/api/fullls/sso', { token: demo, company });

describe('GET /api/fullls/sso', () => {
  it('gives four fields and the form address that the payroll host accepts once', async () => {
    const res = await sso();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { action, ...fields } = res.body;
    expect(action).toBe(host.url);
    expect(fields).toEqual({ user: 'demo', scope: 'paie-rh', time: expect.any(Number), token: expect.any(String) });
    expect(Math.abs(fields.time - Date.now() / 1000)).toBeLessThan(5);
    expect(JSON.stringify(res.body)).not.toContain(host.secret);

    const first = await postPayrollForm(host, fields);
    expect(first.status).toBe(200);
    expect(first.text).toContain(PAYROLL_SUCCESS);
    // The same token posted again (a copied form, a replayed request) is refused.
    expect((await postPayrollForm(host, fields)).status).toBe(403);
    expect(host.received.map((r) => r.verdict)).toEqual(['ok', 'replayed']);
  });

  it('a changed user, scope or time breaks the signature', async () => {
    const { body } = await sso();
    const { action: _action, ...fields } = body;
    for (const forged of [
      { ...fields, user: 'admin' },
      { ...fields, scope: 'admin' },
      { ...fields, time: fields.time + 1 },
    ])
      expect((await postPayrollForm(host, forged)).status).toBe(403);
    expect(host.received.slice(-3).map((r) => r.verdict)).toEqual(['bad signature', 'bad signature', 'bad signature']);
  });

  it('expires outside the ±120 s window', async () => {
    // Another second than the first test's accepted token: in the same second the four fields, hence
    // the token, would be the same, and the host would refuse it as a replay.
    server.setNow(new Date(Date.now() + 5000));
    const { body } = await sso();
    server.setNow(null);
    const { action: _action, ...fields } = body;
    host.setNow(new Date((fields.time + 121) * 1000));
    try {
      expect((await postPayrollForm(host, fields)).status).toBe(403);
      expect(host.received.at(-1)!.verdict).toBe('expired');
      // Within the window on the other side (a host clock slightly behind): still accepted.
      host.setNow(new Date((fields.time - 119) * 1000));
      const late = await postPayrollForm(host, fields);
      expect(host.received.at(-1)!.verdict).toBe('ok');
      expect(late.status).toBe(200);
    } finally {
      host.setNow(null);
    }
  });

  it('signs with the server’s clock: a token made 10 minutes ago is expired for the host', async () => {
    server.setNow(new Date(Date.now() - 600_000));
    try {
      const { body } = await sso();
      const { action: _action, ...fields } = body;
      expect((await postPayrollForm(host, fields)).status).toBe(403);
      expect(host.received.at(-1)!.verdict).toBe('expired');
    } finally {
      server.setNow(null);
    }
  });

  it('without view on « Mon compte »: 403', async () => {
    const where = and(eq(memberships.userId, server.seed!.demoUserId), eq(memberships.companyId, company));
    const [row] = await server.deps.db.select().from(memberships).where(where);
    const withoutAccount = row!.appRights.filter((r) => r.label !== 'monCompte');
    await server.deps.db.update(memberships).set({ appRights: withoutAccount }).where(where);
    try {
      expect((await sso()).status).toBe(403);
    } finally {
      await server.deps.db.update(memberships).set({ appRights: row!.appRights }).where(where);
    }
    expect((await sso()).status).toBe(200);
  });

  it('not configured: 503, and nothing of the secret', async () => {
    const env = server.deps.config.env;
    const saved = { url: env.PAYROLL_SSO_URL, secret: env.PAYROLL_SSO_SECRET };
    env.PAYROLL_SSO_URL = undefined;
    env.PAYROLL_SSO_SECRET = undefined;
    try {
      const res = await sso();
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Service de paie non configuré.');
    } finally {
      Object.assign(env, { PAYROLL_SSO_URL: saved.url, PAYROLL_SSO_SECRET: saved.secret });
    }
  });

  it('signed out: 401', async () => {
    expect((await server.api.get('/api/fullls/sso')).status).toBe(401);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://' };
  it('the address without the secret (or the reverse) stops the start with a French message', () => {
    expect(() => readConfig({ ...base, PAYROLL_SSO_URL: 'https://paie.example/sso' })).toThrow(
      /PAYROLL_SSO_SECRET manque/,
    );
    expect(() => readConfig({ ...base, PAYROLL_SSO_SECRET: 'x'.repeat(32) })).toThrow(/PAYROLL_SSO_URL manque/);
    expect(() =>
      readConfig({ ...base, PAYROLL_SSO_URL: 'https://paie.example/sso', PAYROLL_SSO_SECRET: 'court' }),
    ).toThrow(/32 caractères au moins/);
  });

  it('the CSP lets the single sign-on form go to the payroll host', async () => {
    const res = await server.api.get('/api/health/live');
    const csp = res.headers.get('content-security-policy') ?? '';
    const formAction = csp
      .split('; ')
      .find((d) => d.startsWith('form-action '))!
      .split(' ');
    expect(formAction).toContain(new URL(host.url).origin);
    expect(formAction).toContain("'self'");
  });
});
