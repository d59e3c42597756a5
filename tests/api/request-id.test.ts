import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 075: the X-Request-Id a client chooses is echoed on the answer and
// written in the server's log lines. Only a short id of safe characters is kept; anything else (8 000
// characters, spaces and brackets shaped like a log line, a tab) is replaced by one the server makes.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server?.close());

const echoed = async (id: string) =>
  (await server.api.get('/api/health/live', { headers: { 'x-request-id': id } })).headers.get('x-request-id');

describe('X-Request-Id', () => {
  it('keeps a short id of letters, digits, dot, underscore and hyphen', async () => {
    expect(await echoed('req-test.42_A')).toBe('req-test.42_A');
    expect(await echoed('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('replaces a long or log-shaped id with one of its own', async () => {
    for (const bad of [
      'a'.repeat(65),
      'x'.repeat(8000),
      'ok] 200 GET /api/admin [faux',
      'a\tb',
      'id;drop',
      'identifiant-é',
    ]) {
      const id = await echoed(bad);
      expect(id, bad.slice(0, 40)).toMatch(UUID);
    }
  });

  it('without one, the server makes one', async () => {
    expect(await echoed('')).toMatch(UUID);
    expect((await server.api.get('/api/health/live')).headers.get('x-request-id')).toMatch(UUID);
  });
});
