import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/src/db/schema/index';
import { startTestServer, type TestServer } from '../support/test-server';
import { afterAnswers, parseMail, resetLinkOf } from '../support/mail';

// Session and password flows (AUTH-1 to AUTH-7) against the real server (in-memory PGlite, demo data).
// Tests run in order: the password-reset block changes demo's password, so it comes last.

const WRONG = 'Identifiant et/ou mot de passe incorrect(s)';
const SESSION_EXPIRED = 'Votre session a expiré, veuillez vous reconnecter.';
const FORGOTTEN_ANSWER =
  'Si un compte correspond à cet identifiant, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.';
const BAD_RESET_LINK = 'Ce lien de réinitialisation est invalide ou a expiré. Faites une nouvelle demande.';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server?.close());
afterEach(() => server.setNow(null));

const login = (username: string, password: string) => server.api.post('/api/login', { username, password });
const companyId = (label: string) => {
  const company = server.seed!.companies.find((c) => c.label === label);
  if (!company) throw new Error(`société de démo introuvable : ${label}`);
  return company.id;
};

const mailFolder = () => join(server.dataDir, 'mail');
const mailFiles = () => (existsSync(mailFolder()) ? readdirSync(mailFolder()).sort() : []);
/** Asks for a reset of `username` and returns the mail written by the .eml transport. */
async function requestReset(username: string, extra: Record<string, unknown> = {}) {
  const before = new Set(mailFiles());
  const res = await server.api.post('/api/user/me/forgotten-password', { username, ...extra });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ message: FORGOTTEN_ANSWER });
  await afterAnswers(server);
  const added = mailFiles().filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  const mail = parseMail(readFileSync(join(mailFolder(), added[0]), 'utf8'));
  const link = resetLinkOf(mail.text);
  return { mail, link, token: link.searchParams.get('token')! };
}

describe('POST /api/login', () => {
  it('returns the profile of USER-1 and a token', async () => {
    const res = await login('demo', 'demo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = res.body;
    expect(body).toMatchObject({
      id: server.seed!.demoUserId,
      name: 'Martin',
      firstName: 'Sophie',
      username: 'demo',
      userType: 2,
    });
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    expect(body).not.toHaveProperty('passwordHash');
    expect(body.userCompanies).toHaveLength(10);
    for (const company of body.userCompanies) {
      expect(Object.keys(company).sort()).toEqual([
        'gedUserRight',
        'id',
        'label',
        'numberInvoiceValidateMonth',
        'subscriptionInvoice',
      ]);
      expect(typeof company.id).toBe('number');
      expect(typeof company.label).toBe('string');
      expect(typeof company.gedUserRight).toBe('boolean');
    }
    const starter = body.userCompanies.find((c: { label: string }) => c.label === 'Menuiserie Lefèvre Artisan Bois');
    expect(starter).toMatchObject({ subscriptionInvoice: 'Starter', numberInvoiceValidateMonth: 5 });
    expect(body.userCompanies.map((c: { label: string }) => c.label)).not.toContain('Conseil Audit Rousseau');
    expect(body.userLastCompany).toBe(companyId('Boulangerie Pâtisserie Martin'));
    expect(Array.isArray(body.appRights)).toBe(true);
    for (const right of body.appRights) {
      expect(right).toEqual({ label: expect.any(String), permissions: expect.any(Array), children: expect.any(Array) });
    }
    expect(body.appRights.map((r: { label: string }) => r.label)).toContain('mesFactures');
    expect(body.categories).toEqual(expect.arrayContaining([1, 4, 11, 46]));
    expect(body.categoriesInbox).toEqual(expect.arrayContaining([30, 41, 46]));
  });

  it('signs the administrator in with userType 1 and 6 companies', async () => {
    const res = await login('admin', 'admin');
    expect(res.status).toBe(200);
    expect(res.body.userType).toBe(1);
    // Four client companies, the bakery whose accounting the firm follows (decision 069), and the
    // accounting firm itself (« Cabinet Workplace Expertise », decision 043).
    expect(res.body.userCompanies).toHaveLength(6);
    expect(res.body.userLastCompany).toBe(companyId('Conseil Audit Rousseau'));
  });

  it('treats the username case-insensitively (and ignores surrounding spaces)', async () => {
    for (const username of ['DEMO', 'Demo', '  demo  ']) {
      const res = await login(username, 'demo');
      expect(res.status, username).toBe(200);
      expect(res.body.username).toBe('demo');
    }
  });

  it('answers 401 with the exact spec message for a wrong password', async () => {
    const res = await login('demo', 'mauvais');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: WRONG });
    // The password is case-sensitive.
    expect((await login('demo', 'DEMO')).status).toBe(401);
    await login('demo', 'demo'); // clears the failure counter for the next tests
  });

  it('answers the same 401 for an unknown user', async () => {
    const res = await login('personne', 'demo');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: WRONG });
  });

  it('answers 400 (not 401) when a field is missing', async () => {
    const res = await server.api.post('/api/login', { username: 'demo' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('password');
    expect(res.body.message).toMatch(/password/);
  });
});

describe('login throttling', () => {
  it('blocks the 6th attempt after 5 failures in 15 minutes, even with the right password, until the window passes', async () => {
    const t0 = new Date('2026-03-02T08:00:00Z');
    server.setNow(t0);
    for (let i = 0; i < 5; i++) {
      const res = await login('demo', `faux-${i}`);
      expect(res.status, `échec ${i + 1}`).toBe(401);
      expect(res.body.message).toBe(WRONG);
    }
    const blocked = await login('demo', 'demo');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Trop de tentatives de connexion échouées. Réessayez dans 15 minutes.');
    expect(blocked.headers.get('retry-after')).toBe('900');
    expect(blocked.body).not.toHaveProperty('token');

    // Another username is not affected.
    expect((await login('admin', 'admin')).status).toBe(200);

    // Still blocked 10 minutes later, and the answer says how long is left.
    server.setNow(new Date(t0.getTime() + 10 * MINUTE));
    const later = await login('demo', 'demo');
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('300');
    expect(later.body.message).toBe('Trop de tentatives de connexion échouées. Réessayez dans 5 minutes.');

    // Once the window has passed, the right password works again…
    server.setNow(new Date(t0.getTime() + 15 * MINUTE + 1000));
    expect((await login('demo', 'demo')).status).toBe(200);
    // …and the success reset the counter: the next failure is a plain 401.
    expect((await login('demo', 'faux')).status).toBe(401);
    expect((await login('demo', 'demo')).status).toBe(200);
  });

  it('counts failures per username case-insensitively', async () => {
    server.setNow(new Date('2026-03-03T08:00:00Z'));
    for (const username of ['Admin', 'ADMIN', ' admin', 'aDmIn', 'admin'])
      expect((await login(username, 'faux')).status).toBe(401);
    expect((await login('admin', 'admin')).status).toBe(429);
    expect((await login('ADMIN', 'admin')).status).toBe(429);
    expect((await login('demo', 'demo')).status).toBe(200);
    server.setNow(new Date('2026-03-03T08:16:00Z'));
    expect((await login('admin', 'admin')).status).toBe(200);
  });

  it('throttles unknown usernames the same way (no user enumeration)', async () => {
    server.setNow(new Date('2026-03-04T08:00:00Z'));
    for (let i = 0; i < 5; i++) expect((await login('inconnu', 'x')).status).toBe(401);
    const res = await login('inconnu', 'x');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('900');
  });

  it('ignores X-Forwarded-For without TRUST_PROXY (a client cannot pick a fresh address)', async () => {
    server.setNow(new Date('2026-03-06T08:00:00Z'));
    const from = (n: number) => ({ headers: { 'x-forwarded-for': `203.0.113.${n}` } });
    for (let i = 0; i < 5; i++)
      expect((await server.api.post('/api/login', { username: 'admin', password: 'faux' }, from(i))).status).toBe(401);
    expect((await server.api.post('/api/login', { username: 'admin', password: 'admin' }, from(99))).status).toBe(429);
  });

  it('does not let parallel attempts get more than 5 guesses', async () => {
    server.setNow(new Date('2026-03-05T08:00:00Z'));
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => login('demo', `parallele-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await login('demo', 'demo')).status).toBe(429);
    server.setNow(new Date('2026-03-05T08:16:00Z'));
    expect((await login('demo', 'demo')).status).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('accepts the token on GET /api/user/me', async () => {
    const { token } = await server.api.login('demo');
    const res = await server.api.get('/api/user/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: server.seed!.demoUserId, username: 'demo' });
    expect(res.body).not.toHaveProperty('token');
    // The scheme name is case-insensitive (RFC 7235).
    const lower = await server.api.get('/api/user/me', { headers: { authorization: `bearer ${token}` } });
    expect(lower.status).toBe(200);
  });

  it('answers 401 with a French message for a missing or unusable token', async () => {
    const missing = await server.api.get('/api/user/me');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Authentification requise.' });
    for (const authorization of [
      'Bearer nimportequoi',
      'Bearer ',
      'Basic ZGVtbzpkZW1v',
      'Bearer a b',
      `Bearer ${'x'.repeat(5000)}`,
    ]) {
      const res = await server.api.get('/api/user/me', { headers: { authorization } });
      expect(res.status, authorization.slice(0, 20)).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
    const garbage = await server.api.get('/api/user/me', { token: 'jeton-invalide' });
    expect(garbage.body).toEqual({ message: SESSION_EXPIRED });
  });

  it('revokes the token on POST /api/logout (other sessions stay valid)', async () => {
    const first = await server.api.login('demo');
    const second = await server.api.login('demo');
    const res = await server.api.post('/api/logout', undefined, { token: first.token });
    expect(res.status).toBe(204);
    expect(res.raw.byteLength).toBe(0);
    const after = await server.api.get('/api/user/me', { token: first.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: SESSION_EXPIRED });
    expect((await server.api.post('/api/logout', undefined, { token: first.token })).status).toBe(401);
    expect((await server.api.get('/api/user/me', { token: second.token })).status).toBe(200);
  });

  it('answers 401 to POST /api/logout without a token', async () => {
    expect((await server.api.post('/api/logout')).status).toBe(401);
  });

  it('expires a token after TOKEN_TTL_HOURS (12 h)', async () => {
    const issued = new Date('2026-03-10T08:00:00Z');
    server.setNow(issued);
    const { token } = await server.api.login('demo');
    server.setNow(new Date(issued.getTime() + 11 * HOUR + 59 * MINUTE));
    expect((await server.api.get('/api/user/me', { token })).status).toBe(200);
    server.setNow(new Date(issued.getTime() + 12 * HOUR + 1000));
    const expired = await server.api.get('/api/user/me', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: SESSION_EXPIRED });
  });

  it('stores only a digest of the token in the sessions table', async () => {
    const { token } = await server.api.login('admin');
    const rows = await server.deps.db.select().from(sessions).where(eq(sessions.userId, server.seed!.adminUserId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.tokenHash).not.toBe(token);
      expect(row.tokenHash).not.toContain(token);
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
    const all = await server.deps.db.select().from(sessions);
    expect(all.some((r) => r.tokenHash === token || r.tokenHash.includes(token))).toBe(false);
  });
});

describe('stored passwords', () => {
  it('are scrypt hashes that do not contain the password', async () => {
    const rows = await server.deps.db.select().from(users);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Decision 041: no local password at all ('') for directory users and invitations not used yet.
    const local = rows.filter((r) => r.passwordHash !== '');
    expect(local.map((r) => r.username)).toEqual(expect.arrayContaining(['demo', 'admin']));
    for (const row of local) {
      expect(row.passwordHash.startsWith('scrypt$')).toBe(true);
      expect(row.passwordHash).not.toContain(row.username === 'demo' ? 'demo' : 'admin');
    }
    // Salted: two users never share a hash, and the salt/key parts are present.
    expect(new Set(local.map((r) => r.passwordHash)).size).toBe(local.length);
    expect(local[0].passwordHash.split('$')).toHaveLength(6);
  });
});

describe('POST /api/ldap/login', () => {
  it('answers 503 with a French message when no directory is configured', async () => {
    const res = await server.api.post('/api/ldap/login', { username: 'jean@entreprise.fr', password: 'secret' });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/annuaire/);
    expect(res.body).not.toHaveProperty('token');
  });

  it('still validates its body (400)', async () => {
    const res = await server.api.post('/api/ldap/login', { username: 'jean@entreprise.fr' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('password');
  });
});

describe('forgotten password (mail written as .eml)', () => {
  it('answers the same message for an unknown username and sends nothing', async () => {
    const before = mailFiles();
    const res = await server.api.post('/api/user/me/forgotten-password', { username: 'personne' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOTTEN_ANSWER });
    await afterAnswers(server);
    expect(mailFiles()).toEqual(before);
  });

  it('validates its body (400)', async () => {
    const res = await server.api.post('/api/user/me/forgotten-password', {});
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('username');
  });

  it('never puts a caller-chosen site in the link (the token would leak there)', async () => {
    const { link } = await requestReset('demo', { origin: 'https://pirate.example' });
    expect(link.origin).toBe(server.url);
  });

  it('rejects an expired reset link', async () => {
    const asked = new Date('2026-03-20T08:00:00Z');
    server.setNow(asked);
    const { token } = await requestReset('demo');
    server.setNow(new Date(asked.getTime() + 61 * MINUTE));
    const res = await server.api.post('/api/user/me/reset-password', { token, password: 'NouveauMotDePasse2026' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: BAD_RESET_LINK, field: 'token' });
    expect((await login('demo', 'demo')).status).toBe(200);
  });

  it('rejects an unknown or malformed reset token', async () => {
    const unknown = await server.api.post('/api/user/me/reset-password', {
      token: 'a'.repeat(43),
      password: 'NouveauMotDePasse2026',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(BAD_RESET_LINK);
    const short = await server.api.post('/api/user/me/reset-password', {
      token: 'abc',
      password: 'NouveauMotDePasse2026',
    });
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('token');
    const missing = await server.api.post('/api/user/me/reset-password', { password: 'NouveauMotDePasse2026' });
    expect(missing.status).toBe(400);
  });

  it('resets the password from the mailed link, revokes the sessions and burns the link', async () => {
    const older = await requestReset('demo');
    const before = await server.api.login('demo');
    const { mail, link, token } = await requestReset('DEMO');
    expect(mail.headers.to).toContain('demo@workplace.example');
    expect(mail.headers.subject).toBeTruthy();
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe('/forgotten-password');
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(mail.text).toContain('Bonjour Sophie');

    const tooShort = await server.api.post('/api/user/me/reset-password', { token, password: 'court1' });
    expect(tooShort.status).toBe(422);
    expect(tooShort.body).toMatchObject({
      message: 'Le mot de passe doit contenir au moins 10 caractères.',
      field: 'password',
    });
    const noDigit = await server.api.post('/api/user/me/reset-password', { token, password: 'seulementdeslettres' });
    expect(noDigit.status).toBe(422);
    expect(noDigit.body.message).toBe('Le mot de passe doit contenir au moins une lettre et un chiffre.');
    expect(noDigit.body.errors).toEqual(['Le mot de passe doit contenir au moins une lettre et un chiffre.']);

    // A weak password did not use up the link.
    const ok = await server.api.post('/api/user/me/reset-password', { token, password: 'NouveauMotDePasse2026' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.' });

    expect((await login('demo', 'NouveauMotDePasse2026')).status).toBe(200);
    const old = await login('demo', 'demo');
    expect(old.status).toBe(401);
    expect(old.body.message).toBe(WRONG);
    expect((await server.api.get('/api/user/me', { token: before.token })).status).toBe(401);

    const reused = await server.api.post('/api/user/me/reset-password', { token, password: 'EncoreUnAutre2027' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(BAD_RESET_LINK);
    // A link requested before the reset is no longer usable either.
    const stale = await server.api.post('/api/user/me/reset-password', {
      token: older.token,
      password: 'EncoreUnAutre2027',
    });
    expect(stale.status).toBe(400);
    expect((await login('demo', 'NouveauMotDePasse2026')).status).toBe(200);

    const [row] = await server.deps.db.select().from(users).where(eq(users.username, 'demo'));
    expect(row.passwordHash.startsWith('scrypt$')).toBe(true);
    expect(row.passwordHash).not.toContain('NouveauMotDePasse2026');
  });
});

describe('forgotten password over SMTP', () => {
  interface Received {
    from: string;
    to: string[];
    raw: string;
  }
  const received: Received[] = [];
  let smtp: SMTPServer;
  let mailServer: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({
            from,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    // The test SMTP server offers STARTTLS with a self-signed certificate: a local relay is used in clear.
    mailServer = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
  });
  afterAll(async () => {
    await mailServer?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('uses the SMTP transport when SMTP_URL is set', () => {
    expect(mailServer.deps.mailer.kind).toBe('smtp');
  });

  it('delivers the reset mail to the user with a working link', async () => {
    const res = await mailServer.api.post('/api/user/me/forgotten-password', { username: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOTTEN_ANSWER });
    await afterAnswers(mailServer);
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message.to).toEqual(['admin@workplace.example']);
    expect(message.from).toBe('no-reply@workplace.localhost');
    const mail = parseMail(message.raw);
    expect(mail.headers.to).toContain('admin@workplace.example');
    expect(mail.text).toContain('Bonjour Julien');
    const link = resetLinkOf(mail.text);
    expect(link.origin).toBe(mailServer.url);
    // Nothing is written as .eml when SMTP is used.
    expect(existsSync(join(mailServer.dataDir, 'mail'))).toBe(false);

    const reset = await mailServer.api.post('/api/user/me/reset-password', {
      token: link.searchParams.get('token'),
      password: 'AdminNouveau2026',
    });
    expect(reset.status).toBe(200);
    expect((await mailServer.api.post('/api/login', { username: 'admin', password: 'AdminNouveau2026' })).status).toBe(
      200,
    );
  });

  it('sends nothing for an unknown username', async () => {
    const count = received.length;
    const res = await mailServer.api.post('/api/user/me/forgotten-password', { username: 'personne' });
    expect(res.status).toBe(200);
    await afterAnswers(mailServer);
    expect(received).toHaveLength(count);
  });
});
