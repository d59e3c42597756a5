import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server';

const ctx = useTestServer({ signIn: [] });

describe('server smoke', () => {
  it('signs in as demo', async () => {
    const { profile } = await ctx.server.api.login('demo');
    expect(profile.userCompanies).toHaveLength(10);
  });
});
