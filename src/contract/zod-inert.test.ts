import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, endpoints } from './index';
import { mayQueue } from './match';

// The app's build resolves zod to ./zod-inert (vite.config.ts, decision 031): the contract must
// still give the client everything it reads (method, path, offline mode, file answers).
vi.mock('zod', () => import('./zod-inert'));

describe('the contract on the inert zod of the app’s build', () => {
  it('keeps every endpoint the client reads, with its files and its offline mode', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    for (const e of endpoints) {
      expect(e.method).toMatch(/^(get|post|put|patch|delete)$/);
      expect(e.path).toMatch(/^\//);
      for (const body of Object.values(e.responses))
        if (body !== null && 'file' in body) expect(typeof body.file).toBe('string');
    }
    expect(endpoints.some((e) => Object.values(e.responses).some((b) => b !== null && 'file' in b))).toBe(true);
    expect(api.auth).toBeDefined();
    expect(mayQueue('post', `/api${api.catalogue.createItem.path}`)).toBe(true);
  });

  it('refuses to validate in French instead of letting anything through', () => {
    expect(() => z.object({ a: z.string() }).parse({ a: 1 })).toThrow(/valident sur le serveur/);
    expect(() => z.string().min(1).safeParse('')).toThrow(/décision 031/);
  });
});
