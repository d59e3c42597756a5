import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/env';
import { afterAnswers } from '../support/mail';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 005: the reset link's origin comes from configuration only, never from the request.

/** POST with a forged Host header (fetch does not let a test choose it). */
function postWithHost(server: TestServer, path: string, body: unknown, host: string): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** The reset link of the newest .eml (quoted-printable soft breaks undone). */
function lastResetLink(server: TestServer): URL {
  const folder = join(server.dataDir, 'mail');
  const files = existsSync(folder) ? readdirSync(folder).sort() : [];
  const raw = readFileSync(join(folder, files.at(-1)!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=');
  const match = /https?:\/\/[^\s"<>]+\/forgotten-password\?token=[\w%-]+/.exec(raw);
  if (!match) throw new Error(`aucun lien dans :\n${raw}`);
  return new URL(match[0]);
}

describe('reset link without PUBLIC_URL (development, tests)', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer()));
  afterAll(() => server?.close());

  it('uses the listening address, whatever Host the request names', async () => {
    expect(await postWithHost(server, '/api/user/me/forgotten-password', { username: 'demo' }, 'evil.example')).toBe(
      200,
    );
    await afterAnswers(server);
    expect(lastResetLink(server).origin).toBe(server.url);
  });
});

describe('reset link with PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ env: { PUBLIC_URL: 'https://portail.cabinet.example/' } })));
  afterAll(() => server?.close());

  it('uses PUBLIC_URL, whatever Host the request names', async () => {
    expect(
      await postWithHost(server, '/api/user/me/forgotten-password', { username: 'admin' }, 'evil.example:8443'),
    ).toBe(200);
    await afterAnswers(server);
    const link = lastResetLink(server);
    expect(link.origin).toBe('https://portail.cabinet.example');
    expect(link.pathname).toBe('/forgotten-password');
  });
});

describe('configuration', () => {
  it('refuses production without PUBLIC_URL, in French', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL est obligatoire en production/);
    expect(readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portail.cabinet.example' }).publicUrl).toBe(
      'https://portail.cabinet.example',
    );
  });

  it('never seeds the demo accounts in production unless SEED_DEMO says so', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://portail.cabinet.example' };
    expect(readConfig(prod).seedDemo).toBe(false);
    expect(readConfig({ ...prod, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(readConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(readConfig({ NODE_ENV: 'development', SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(readConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://localhost/x' }).seedDemo).toBe(false);
  });
});
