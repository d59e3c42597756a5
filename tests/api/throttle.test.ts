import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 008: sign-ins throttled per login AND per client address, reset mails
// and current-password checks throttled too. TRUST_PROXY=1 so each test can speak from its own
// address through X-Forwarded-For (the right-most entry, the one the trusted proxy wrote).

const WRONG = 'Identifiant et/ou mot de passe incorrect(s)';
const MINUTE = 60_000;

let server: TestServer;
beforeAll(async () => (server = await startTestServer({ env: { TRUST_PROXY: '1' } })));
afterAll(() => server?.close());
afterEach(() => server.setNow(null));

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
const login = (username: string, password: string, address: string) =>
  server.api.post('/api/login', { username, password }, from(address));
const forgotten = (username: string, address: string) =>
  server.api.post('/api/user/me/forgotten-password', { username }, from(address));

describe('sign-in throttling per login and per address', () => {
  it('five failures from one address do not lock the owner out from another address', async () => {
    const t0 = new Date('2026-04-01T08:00:00Z');
    server.setNow(t0);
    for (let i = 0; i < 5; i++) expect((await login('demo', `faux-${i}`, '198.51.100.1')).status).toBe(401);
    const attacker = await login('demo', 'demo', '198.51.100.1');
    expect(attacker.status).toBe(429);
    expect(attacker.body.message).toBe('Trop de tentatives de connexion échouées. Réessayez dans 15 minutes.');
    expect(attacker.headers.get('retry-after')).toBe('900');

    // The owner, from an address with no failure, signs in.
    expect((await login('demo', 'demo', '203.0.113.10')).status).toBe(200);
    // A second address may try once while the login is blocked; after a failure it is blocked too.
    expect((await login('demo', 'encore-faux', '198.51.100.2')).status).toBe(401);
    expect((await login('demo', 'demo', '198.51.100.2')).status).toBe(429);
    // The owner's success does not reset the attacker's count.
    expect((await login('demo', 'demo', '198.51.100.1')).status).toBe(429);

    server.setNow(new Date(t0.getTime() + 15 * MINUTE + 1000));
    expect((await login('demo', 'demo', '198.51.100.1')).status).toBe(200);
  });

  it('does not believe the addresses a client writes left of the proxy’s entry', async () => {
    server.setNow(new Date('2026-04-02T08:00:00Z'));
    for (let i = 0; i < 5; i++) expect((await login('admin', 'faux', `10.9.9.${i}, 198.51.100.20`)).status).toBe(401);
    expect((await login('admin', 'admin', '10.9.9.99, 198.51.100.20')).status).toBe(429);
  });

  it('blocks an address that tries 40 logins (20 failures per 15 minutes), whatever the logins', async () => {
    const t0 = new Date('2026-04-03T08:00:00Z');
    server.setNow(t0);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await login(`inconnu-${i}`, 'x', '198.51.100.30');
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toBe(
          'Trop de tentatives de connexion échouées depuis votre adresse. Réessayez dans 15 minutes.',
        );
        expect(res.headers.get('retry-after')).toBe('900');
      } else {
        expect(res.body.message).toBe(WRONG);
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Even a right password is refused from that address; other addresses are not affected.
    expect((await login('admin', 'admin', '198.51.100.30')).status).toBe(429);
    expect((await login('admin', 'admin', '203.0.113.31')).status).toBe(200);
    server.setNow(new Date(t0.getTime() + 15 * MINUTE + 1000));
    expect((await login('admin', 'admin', '198.51.100.30')).status).toBe(200);
  });

  it('never answers 429 to parallel correct sign-ins, even from one address with earlier failures', async () => {
    server.setNow(new Date('2026-04-04T08:00:00Z'));
    for (let i = 0; i < 4; i++) expect((await login('demo', 'faux', '198.51.100.40')).status).toBe(401);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(i % 2 ? 'demo' : 'admin', i % 2 ? 'demo' : 'admin', '198.51.100.40')),
    );
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(200));
  });

  it('still gives parallel wrong guesses from one address no more than 5 tries', async () => {
    server.setNow(new Date('2026-04-05T08:00:00Z'));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('demo', `parallele-${i}`, '198.51.100.50')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('forgotten-password mails', () => {
  it('are limited to 3 per login per hour, known login or not, then 429 with Retry-After', async () => {
    const t0 = new Date('2026-04-06T08:00:00Z');
    server.setNow(t0);
    for (const username of ['demo', 'personne']) {
      for (let i = 0; i < 3; i++) expect((await forgotten(username, `198.51.100.${60 + i}`)).status).toBe(200);
      const res = await forgotten(username, '198.51.100.69');
      expect(res.status).toBe(429);
      expect(res.body.message).toBe('Trop de demandes de réinitialisation du mot de passe. Réessayez dans 60 minutes.');
      expect(res.headers.get('retry-after')).toBe('3600');
    }
    server.setNow(new Date(t0.getTime() + 61 * MINUTE));
    expect((await forgotten('demo', '198.51.100.60')).status).toBe(200);
  });

  it('are limited to 10 per address per hour across logins', async () => {
    server.setNow(new Date('2026-04-07T08:00:00Z'));
    for (let i = 0; i < 10; i++) expect((await forgotten(`quelqu-un-${i}`, '198.51.100.70')).status).toBe(200);
    expect((await forgotten('encore-un', '198.51.100.70')).status).toBe(429);
    expect((await forgotten('encore-un', '198.51.100.71')).status).toBe(200);
  });
});

describe('wrong current password on password change', () => {
  it('is throttled per user: after 5, even the right one waits out the window', async () => {
    const t0 = new Date('2026-04-08T08:00:00Z');
    server.setNow(t0);
    const { token } = await server.api.login('admin');
    const change = (currentPassword: string) =>
      server.api.put('/api/user/me/password', { currentPassword, newPassword: 'AdminNouveau2026' }, { token });
    for (let i = 0; i < 5; i++) expect((await change(`faux-${i}`)).status).toBe(422);
    const blocked = await change('admin');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Trop de mots de passe actuels erronés. Réessayez dans 15 minutes.');
    expect(blocked.headers.get('retry-after')).toBe('900');
    // The session itself stays valid.
    expect((await server.api.get('/api/user/me', { token })).status).toBe(200);
    server.setNow(new Date(t0.getTime() + 15 * MINUTE + 1000));
    expect((await change('admin')).status).toBe(204);
  });
});
