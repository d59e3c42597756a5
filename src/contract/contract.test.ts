import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from './index';
import { findEndpoint, mayQueue } from './match';

// The contract's own rules (decision 021); the server and OpenAPI side is tests/api/conventions.test.ts.
describe('the contract', () => {
  it('declares each method and path once', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says of every mutation, and of no read, whether it may wait in the outbox', () => {
    for (const e of endpoints) {
      if (e.method === 'get') expect(e.offline, e.path).toBeUndefined();
      else expect(['queue', 'online-only'], `${e.method} ${e.path}`).toContain(e.offline);
    }
  });

  it('declares a success answer for every endpoint', () => {
    for (const e of endpoints)
      expect(
        Object.keys(e.responses).some((c) => /^2\d\d$/.test(c)),
        e.path,
      ).toBe(true);
  });

  it('finds the endpoint of a request the outbox keeps, temporary ids included', () => {
    expect(findEndpoint('PUT', 'invoices/tmp-3f2a/validate')?.path).toBe('/invoices/:id/validate');
    expect(findEndpoint('POST', 'customers')?.path).toBe('/customers');
    expect(findEndpoint('PUT', 'customers/C%2F001')?.path).toBe('/customers/:accountNumber');
    expect(findEndpoint('DELETE', 'nothing/here')).toBeUndefined();
  });

  it('lets the outbox keep the changes the app queues, and only them', () => {
    for (const [method, path] of [
      ['POST', 'invoices'],
      ['PUT', 'invoices/12'],
      ['PUT', 'invoices/tmp-1/validate'],
      ['POST', 'business-files/12/send'],
      ['PUT', 'invoices/12/payment'],
      ['POST', 'invoices/12/payments'],
      ['POST', 'estimates'],
      ['PATCH', 'estimates/3'],
      ['POST', 'estimates/3/convert'],
      ['POST', 'items'],
      ['PUT', 'items/4'],
      ['DELETE', 'items/4'],
      ['POST', 'customers'],
      ['PUT', 'customers/C00001'],
      ['DELETE', 'customers/C00001'],
      ['PUT', 'notifications/5'],
      ['PUT', 'company/bank-details'],
      ['POST', 'my-inbox/documents/upload'],
    ])
      expect(mayQueue(method, path), `${method} ${path}`).toBe(true);
    for (const [method, path] of [
      ['POST', 'login'],
      ['PUT', 'user/me/password'],
      ['POST', 'invoices/preview'],
      ['POST', 'batch'],
      ['GET', 'factures'],
    ]) {
      expect(mayQueue(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it('imports only zod, the rulebook (src/domain) and itself: no I/O', () => {
    const dir = join(process.cwd(), 'src/contract');
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const sources = [...readFileSync(join(dir, name), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const source of sources)
        expect(source, `${name}: ${source}`).toMatch(/^(zod|\.\/[a-z-]+|\.\.\/domain\/[a-z-]+)$/);
    }
  });
});
