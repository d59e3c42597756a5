import { createServer, type Socket } from 'node:net';
import { format } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { memberships, throttleEvents, users } from '../../server/src/db/schema/index';
import { readConfig, type Env } from '../../server/src/env';
import { NO_LOCAL_PASSWORD } from '../../server/src/modules/auth/sign-in';
import { clientRights, INBOX_CATEGORY_IDS } from '../../server/src/seed/rights';
import { StartupError } from '../../server/src/startup/startup-error';
import { freePort, startSlapd, type DirectoryPerson, type Slapd } from '../support/slapd';
import { startTestServer, type TestServer } from '../support/test-server';

// Directory sign-in (decision 041): POST /api/ldap/login against a real OpenLDAP (Debian's
// slapd, tests/support/slapd.ts), plain, StartTLS and ldaps. Without slapd this file fails and says
// how to install it. One server for the file: each other directory setup (TLS, a directory down)
// swaps the LDAP_* part of its configuration, read at each request, instead of starting another
// PGlite (seconds and ~0.8 GB each).

const WRONG = 'Identifiant et/ou mot de passe incorrect(s)';
const DENIED = 'Accès non autorisé';
const PASSWORD = 'Été-2026!';
const person = (uid: string, mail: string, cn = uid): DirectoryPerson => ({
  uid,
  mail,
  password: PASSWORD,
  cn,
  sn: cn,
});
const PEOPLE = [
  person('j.dupont', 'j.dupont@cabinet.test', 'Jean Dupont'),
  person('m.martin', 'm.martin@cabinet.test'), // in the directory, not in the portal
  person('stagiaire', 'stagiaire@cabinet.test'), // excluded by LDAP_EXCLUDED
  person('p.durand', 'p.durand@autre.test'), // in the directory, outside LDAP_DOMAINS
  person('l.bernard', 'l.bernard@cabinet.test'), // disabled in the portal
  person('doublon1', 'doublon@cabinet.test'), // two entries for one mail: ambiguous
  person('doublon2', 'doublon@cabinet.test'),
];

let slapd: Slapd;
let server: TestServer;
let started: Env;
const directoryEnv = () => ({
  LDAP_URL: slapd.url,
  LDAP_DOMAINS: 'cabinet.test',
  LDAP_EXCLUDED: 'stagiaire@cabinet.test',
  LDAP_BIND_DN: slapd.service.dn,
  LDAP_BIND_PASSWORD: slapd.service.password,
  LDAP_SEARCH_BASE: slapd.peopleBase,
});

async function addLocalUser(username: string, disabled = false) {
  const company = server.seed!.companies[0].id;
  const [user] = await server.deps.db
    .insert(users)
    .values({
      username,
      email: username,
      name: 'Annuaire',
      firstName: 'Test',
      passwordHash: NO_LOCAL_PASSWORD,
      authSource: 'ldap',
      lastCompanyId: company,
      disabledAt: disabled ? new Date() : null,
    })
    .returning();
  await server.deps.db.insert(memberships).values({
    userId: user.id,
    companyId: company,
    appRights: clientRights({ invoicing: true }),
    categories: [1],
    categoriesInbox: INBOX_CATEGORY_IDS,
  });
  return user;
}

beforeAll(async () => {
  slapd = await startSlapd(PEOPLE);
  server = await startTestServer({ env: directoryEnv() });
  started = server.deps.config.env;
  for (const login of ['j.dupont@cabinet.test', 'stagiaire@cabinet.test', 'p.durand@autre.test'])
    await addLocalUser(login);
  await addLocalUser('l.bernard@cabinet.test', true);
});
afterAll(async () => {
  await server?.close();
  await slapd?.stop();
});
// The server's warnings (an administrator's clue when the directory fails), kept to check that no
// password ever reaches a log.
let warnings: string[] = [];
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = [];
  warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(format(...args)));
});
afterEach(async () => {
  warn.mockRestore();
  for (const secret of [PASSWORD, slapd.service.password, 'mauvais'])
    expect(warnings.filter((w) => w.includes(secret))).toEqual([]);
  server.deps.config.env = started;
  // Each test starts with no failure counted (every test signs in from 127.0.0.1).
  await server.deps.db.delete(throttleEvents);
});

/** Another directory setup for the current test, validated as at start. */
function useDirectory(vars: Record<string, string>) {
  const env = readConfig({ NODE_ENV: 'test', ...vars }).env;
  const others = Object.entries(started).filter(([name]) => !name.startsWith('LDAP_'));
  const ldap = Object.entries(env).filter(([name]) => name.startsWith('LDAP_'));
  server.deps.config.env = Object.fromEntries([...others, ...ldap]) as Env;
}

const ldapLogin = (username: string, password = PASSWORD) => server.api.post('/api/ldap/login', { username, password });

async function expectSignedIn(username: string, expected = username) {
  const res = await ldapLogin(username);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.username).toBe(expected);
  expect(res.body.token).toEqual(expect.any(String));
  const me = await server.api.get('/api/user/me', { token: res.body.token });
  expect(me.status).toBe(200);
  expect(me.body.username).toBe(expected);
  return res.body;
}

describe('POST /api/ldap/login against slapd (search with the service account)', () => {
  it('signs a directory user in as the local user of the same login, and the token works', async () => {
    const profile = await expectSignedIn('j.dupont@cabinet.test');
    expect(profile.userCompanies.length).toBeGreaterThan(0);
    // The login's case does not matter, on either side.
    const again = await expectSignedIn('J.Dupont@Cabinet.TEST', 'j.dupont@cabinet.test');
    expect(again.id).toBe(profile.id);
    // The directory password is never kept.
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, profile.id));
    expect(row.passwordHash).toBe(NO_LOCAL_PASSWORD);
    // The client routes this login here from the public configuration.
    const config = await server.api.get('/api/config');
    expect(config.body.directory.domains).toEqual(['cabinet.test']);
  });

  it('answers 401 with the login catalogue’s text for a wrong password or an unknown user', async () => {
    for (const [login, password] of [
      ['j.dupont@cabinet.test', 'mauvais'],
      ['j.dupont@cabinet.test', PASSWORD.toLowerCase()],
      ['inconnu@cabinet.test', PASSWORD],
      ['doublon@cabinet.test', PASSWORD], // two entries: never a guess between them
    ]) {
      const res = await ldapLogin(login, password);
      expect(res.status, login).toBe(401);
      expect(res.body).toEqual({ message: WRONG });
    }
  });

  it('refuses with 403 a directory account that has no user in the portal (no provisioning)', async () => {
    const res = await ldapLogin('m.martin@cabinet.test');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(DENIED);
    const [created] = await server.deps.db.select().from(users).where(eq(users.username, 'm.martin@cabinet.test'));
    expect(created).toBeUndefined();
  });

  it('refuses with 403 a disabled local user, with the right password', async () => {
    const res = await ldapLogin('l.bernard@cabinet.test');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(DENIED);
    expect(res.body).not.toHaveProperty('token');
  });

  it('refuses an excluded address and a login outside the directory domains, whatever the client chose', async () => {
    // Both have a directory password and a local user: only the server's own check stops them.
    for (const login of [
      'stagiaire@cabinet.test',
      'STAGIAIRE@cabinet.test',
      'p.durand@autre.test',
      'p.durand@autre.test.cabinet.test.fr',
    ]) {
      const res = await ldapLogin(login);
      expect(res.status, login).toBe(401);
      expect(res.body.message).toBe(WRONG);
    }
  });

  it('escapes the login in the search filter: injection attempts never match anyone', async () => {
    // With j.dupont's real password: a filter that matched j.dupont would answer 200 or 403.
    for (const login of [
      '*)(uid=*',
      '*)(uid=*)@cabinet.test',
      '*@cabinet.test',
      'j.dupont*@cabinet.test',
      'j.dupont@cabinet.test)(|(mail=*',
      'x)(|(uid=j.dupont)(mail=x@cabinet.test',
      'j.dupont\\2a@cabinet.test',
    ]) {
      const res = await ldapLogin(login);
      expect(res.status, login).toBe(401);
      expect(res.body).toEqual({ message: WRONG });
    }
  });

  it('throttles as /api/login does: after too many failures even the right password gets 429', async () => {
    const { LOGIN_MAX_FAILURES } = started;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect((await ldapLogin('j.dupont@cabinet.test', `faux-${i}`)).status).toBe(401);
    const res = await ldapLogin('j.dupont@cabinet.test');
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Trop de tentatives de connexion échouées/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses an empty password before any bind, and still validates the body', async () => {
    // A directory that does not answer: a refusal that came after a bind would be a 503.
    useDirectory({ ...directoryEnv(), LDAP_URL: `ldap://127.0.0.1:${await freePort()}` });
    const empty = await ldapLogin('j.dupont@cabinet.test', '');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('password');
    const missing = await server.api.post('/api/ldap/login', { username: 'j.dupont@cabinet.test' });
    expect(missing.status).toBe(400);
    // Excluded or foreign logins are refused without asking the directory either.
    for (const login of ['stagiaire@cabinet.test', 'p.durand@autre.test', '*)(uid=*'])
      expect((await ldapLogin(login)).status, login).toBe(401);
  });
});

describe('POST /api/ldap/login when the directory cannot answer', () => {
  it('answers 503 in French when nothing listens, without counting the attempts as failures', async () => {
    useDirectory({ ...directoryEnv(), LDAP_URL: `ldap://127.0.0.1:${await freePort()}` });
    for (let i = 0; i <= started.LOGIN_MAX_FAILURES; i++) {
      const res = await ldapLogin('j.dupont@cabinet.test');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('L’annuaire d’entreprise ne répond pas. Réessayez plus tard.');
    }
    expect(warnings.at(-1)).toMatch(/^Annuaire LDAP injoignable .*ECONNREFUSED/);
    // Back up: the outage locked nobody out.
    useDirectory(directoryEnv());
    await expectSignedIn('j.dupont@cabinet.test');
  });

  it('answers 503 when the directory accepts the connection but never answers (LDAP_TIMEOUT_MS)', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket)); // accepts, then says nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as { port: number };
      useDirectory({ ...directoryEnv(), LDAP_URL: `ldap://127.0.0.1:${port}`, LDAP_TIMEOUT_MS: '300' });
      const res = await ldapLogin('j.dupont@cabinet.test');
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/annuaire/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('answers 503 when the service account is refused (a configuration fault, not the user’s)', async () => {
    useDirectory({ ...directoryEnv(), LDAP_BIND_PASSWORD: 'pas-le-bon' });
    const res = await ldapLogin('j.dupont@cabinet.test');
    expect(res.status).toBe(503);
    expect(warnings).toEqual([expect.stringMatching(/compte de service.*InvalidCredentialsError/)]);
    expect(warnings[0]).not.toContain('pas-le-bon');
  });
});

describe('POST /api/ldap/login over TLS, with the CA file', () => {
  it('signs in over StartTLS, whose certificate is checked (503 without the CA)', async () => {
    useDirectory({ ...directoryEnv(), LDAP_STARTTLS: '1', LDAP_CA_FILE: slapd.caFile });
    await expectSignedIn('j.dupont@cabinet.test');
    expect((await ldapLogin('j.dupont@cabinet.test', 'mauvais')).status).toBe(401);
    useDirectory({ ...directoryEnv(), LDAP_STARTTLS: '1' }); // self-signed, not trusted
    expect((await ldapLogin('j.dupont@cabinet.test')).status).toBe(503);
  });

  it('signs in over ldaps://', async () => {
    useDirectory({ ...directoryEnv(), LDAP_URL: slapd.ldapsUrl, LDAP_CA_FILE: slapd.caFile });
    await expectSignedIn('j.dupont@cabinet.test');
  });

  it('binds with a DN template (no service account), escaping the login in the DN', async () => {
    const { LDAP_URL, LDAP_DOMAINS, LDAP_EXCLUDED } = directoryEnv();
    useDirectory({
      LDAP_URL,
      LDAP_DOMAINS,
      LDAP_EXCLUDED,
      LDAP_USER_DN_TEMPLATE: `uid={user},${slapd.peopleBase}`,
      LDAP_STARTTLS: 'true',
      LDAP_CA_FILE: slapd.caFile,
    });
    await expectSignedIn('j.dupont@cabinet.test');
    expect((await ldapLogin('j.dupont@cabinet.test', 'mauvais')).status).toBe(401);
    expect((await ldapLogin('m.martin@cabinet.test')).status).toBe(403);
    expect((await ldapLogin(`j.dupont,${slapd.peopleBase}@cabinet.test`)).status).toBe(401);
  });
});

describe('directory configuration checked at start', () => {
  const start = (vars: Record<string, string>) => () => readConfig({ NODE_ENV: 'test', ...vars });
  it('stops on an incomplete configuration, saying what is missing (French, then English)', () => {
    const { LDAP_URL, LDAP_DOMAINS } = directoryEnv();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ LDAP_URL, LDAP_DOMAINS }, /LDAP_BIND_DN, LDAP_BIND_PASSWORD, LDAP_SEARCH_BASE/],
      [{ LDAP_URL, LDAP_DOMAINS, LDAP_BIND_DN: 'cn=x' }, /il manque LDAP_BIND_PASSWORD, LDAP_SEARCH_BASE/],
      [{ ...directoryEnv(), LDAP_DOMAINS: '' }, /LDAP_DOMAINS est vide/],
      [{ LDAP_BIND_DN: 'cn=x', LDAP_DOMAINS }, /LDAP_URL manque/],
      [{ LDAP_URL, LDAP_DOMAINS, LDAP_USER_DN_TEMPLATE: 'uid=x,dc=test' }, /\{login\} ou \{user\}/],
      [{ ...directoryEnv(), LDAP_USER_DN_TEMPLATE: 'uid={user},dc=test' }, /choisissez le modèle/],
      [{ ...directoryEnv(), LDAP_URL: slapd.ldapsUrl, LDAP_STARTTLS: '1' }, /LDAP_STARTTLS=1 avec une adresse ldaps/],
      [{ ...directoryEnv(), LDAP_CA_FILE: '/nexiste/pas.pem' }, /LDAP_CA_FILE illisible .*ENOENT/],
    ];
    for (const [vars, message] of cases) {
      expect(start(vars), JSON.stringify(vars)).toThrow(StartupError);
      expect(start(vars)).toThrow(message);
      expect(start(vars)).toThrow(/Incomplete directory \(LDAP\) configuration/);
    }
    expect(start({ LDAP_URL: 'http://annuaire' })).toThrow(/LDAP_URL: ldap:\/\/hôte/);
  });

  it('refuses a clear-text directory in production, unless it is on this machine', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://portail.exemple.fr' };
    const vars = { ...directoryEnv(), ...prod, LDAP_URL: 'ldap://annuaire.exemple.fr' };
    expect(() => readConfig(vars)).toThrow(/les mots de passe ne doivent pas circuler en clair/);
    expect(() => readConfig({ ...vars, LDAP_STARTTLS: '1' })).not.toThrow();
    expect(() => readConfig({ ...vars, LDAP_URL: 'ldaps://annuaire.exemple.fr' })).not.toThrow();
    expect(() => readConfig({ ...vars, LDAP_URL: slapd.url })).not.toThrow();
  });
});
