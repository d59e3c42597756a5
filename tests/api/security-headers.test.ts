import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index';
import { hashPassword } from '../../server/src/modules/auth/passwords';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 008: security headers on every answer, API and static files, and no
// caching of API answers. The real server behind one trusted proxy (X-Forwarded-Proto for HSTS).

let server: TestServer;
let staticDir: string;
let token: string;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'workplace-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><title>Workplace</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  server = await startTestServer({
    seed: false,
    staticDir,
    env: { TRUST_PROXY: '1', CSP_CONNECT_SRC: 'https://api.exemple.fr' },
  });
  await server.deps.db
    .insert(users)
    .values({ username: 'lea', name: 'Martin', firstName: 'Léa', passwordHash: await hashPassword('MotDePasse2026') });
  token = (await server.api.login('lea', 'MotDePasse2026')).token;
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('script-src'), what).toEqual(["'self'"]);
  expect(directives.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
  expect(directives.get('connect-src'), what).toEqual(["'self'", 'https://api.exemple.fr']);
  expect(directives.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
  expect(directives.get('worker-src'), what).toEqual(["'self'", 'blob:']);
  expect(directives.get('frame-src'), what).toEqual(["'self'", 'blob:']);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('base-uri'), what).toEqual(["'self'"]);
  // Forms go to us, and to the card payment provider's hosted page (the local test one here, decision 044).
  expect(directives.get('form-action'), what).toEqual(["'self'", server.deps.config.payment.origin]);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  expect(permissions, what).toContain('camera=(self)');
  expect(permissions, what).toContain('geolocation=()');
  expect(permissions, what).toContain('microphone=()');
}

describe('security headers', () => {
  it('are on API answers, success or error, and API answers are never cached', async () => {
    const answers = {
      'profil (200)': await server.api.get('/api/user/me', { token }),
      'connexion (200, jeton)': await server.api.post('/api/login', { username: 'lea', password: 'MotDePasse2026' }),
      'sans jeton (401)': await server.api.get('/api/user/me'),
      'corps invalide (400)': await server.api.post('/api/login', {}),
      'adresse inconnue (404)': await server.api.get('/api/nimporte-quoi'),
      'configuration publique': await server.api.get('/api/config'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expectSecurityHeaders(res.headers, what);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('are on the static files, which keep their own caching', async () => {
    const root = await server.api.get('/');
    const shell = await server.api.get('/index.html');
    const route = await server.api.get('/mes-factures/liste-des-factures');
    const asset = await server.api.get('/assets/app.js');
    const worker = await server.api.get('/sw.js');
    for (const [what, res] of Object.entries({ root, shell, route, asset, worker })) {
      expect(res.status, what).toBe(200);
      expectSecurityHeaders(res.headers, what);
    }
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('send HSTS only when the trusted proxy says the browser came over HTTPS', async () => {
    expect((await server.api.get('/api/config')).headers.get('strict-transport-security')).toBeNull();
    const https = await server.api.get('/api/config', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const page = await server.api.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
