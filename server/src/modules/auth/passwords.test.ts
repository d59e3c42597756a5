import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, PRODUCTION_COST, verifyPassword } from './passwords';

describe('password hashing', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('hashes slowly (scrypt N=2^15) outside the test runs, and verifies with the cost stored in the hash', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const slow = await hashPassword('Boulangerie2026');
    expect(slow.split('$')[1]).toBe(String(PRODUCTION_COST));
    vi.stubEnv('NODE_ENV', 'test');
    expect(await verifyPassword('Boulangerie2026', slow)).toBe(true);
    expect(await verifyPassword('boulangerie2026', slow)).toBe(false);
    const cheap = await hashPassword('Boulangerie2026');
    expect(Number(cheap.split('$')[1])).toBeLessThan(PRODUCTION_COST);
    expect(await verifyPassword('Boulangerie2026', cheap)).toBe(true);
  });
});
