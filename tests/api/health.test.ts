import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_READY_DATABASE, NOT_READY_STOPPING } from '../../src/contract/health';
import { MARTIN, companyId, customerPayload } from '../support/invoice-helpers';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 034: health endpoints for a load balancer, and a stop that lets the requests under way finish.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GET /api/health/live and /api/health/ready', () => {
  it('answer without a session: alive, and ready with the database reached', async () => {
    const live = await server.api.get('/api/health/live');
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
    const ready = await server.api.get('/api/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('ready says 503 in French once the server is stopping; live still answers', async () => {
    server.deps.state.stopping = true;
    try {
      const ready = await server.api.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ message: NOT_READY_STOPPING });
      expect(ready.headers.get('retry-after')).toBe('5');
      expect((await server.api.get('/api/health/live')).status).toBe(200);
    } finally {
      server.deps.state.stopping = false;
    }
  });

  it('ready says 503 when the database no longer answers, never a 500', async () => {
    const other = await startTestServer();
    try {
      await other.database.close();
      const ready = await other.api.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ message: NOT_READY_DATABASE });
      expect((await other.api.get('/api/health/live')).status).toBe(200);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe('stopping the server', () => {
  it('lets a request under way finish and refuses new connections', async () => {
    const other = await startTestServer();
    const { token } = await other.api.login('demo');
    const body = JSON.stringify(customerPayload('Arrêt En Douceur SARL'));
    // A creation whose body is still arriving when the stop begins.
    const url = new URL('/api/customers', other.url);
    const answer = new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'x-company-id': String(companyId(other, MARTIN)),
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'idempotency-key': `stop-${Date.now()}`,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      // The rest once the stop has begun.
      setTimeout(() => {
        stopping = other.close();
        setTimeout(() => req.end(body.slice(20)), 200);
      }, 200);
    });
    let stopping: Promise<void> | undefined;
    const { status, text, connection } = await answer;
    expect(status).toBe(201);
    // Its connection closes with the answer: the stop does not wait for a keep-alive timeout.
    expect(connection).toBe('close');
    expect(JSON.parse(text)).toMatchObject({ socialReason: 'Arrêt En Douceur SARL' });
    await stopping;
    expect(other.deps.state.stopping).toBe(true);
    await expect(fetch(`${other.url}/api/health/live`)).rejects.toThrow();
  });
});
