import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => (server = await startTestServer()));
afterAll(() => server?.close());

describe('server smoke', () => {
  it('signs in as demo', async () => {
    const { profile } = await server.api.login('demo');
    expect(profile.userCompanies).toHaveLength(10);
  });
});
