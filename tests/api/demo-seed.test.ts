import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../server/src/db/schema/index';
import type { Deps } from '../../server/src/http/types';
import { isEmpty, prepareDemo } from '../../server/src/seed/demo';
import { startTestServer } from '../support/test-server';

// The demo is loaded at the first start on an empty database (README's quick start), in one
// transaction: a start stopped while loading it must not leave a half-loaded demo, which the next
// start would take for a loaded one (it only loads into an empty database).

const quiet = () => undefined;

describe('loading the demo at the first start', () => {
  it('stopped half-way, leaves the database empty, for the next start to load it whole', async () => {
    const server = await startTestServer({ seed: false });
    try {
      const deps: Deps = { ...server.deps, config: { ...server.deps.config, seedDemo: true } };
      let inserts = 0;
      // The 30th insert fails, as a start killed while seeding would stop there.
      const stopping = new Proxy(deps.db, {
        get(target, prop) {
          if (prop !== 'insert') return Reflect.get(target, prop);
          return (...args: Parameters<Deps['db']['insert']>) => {
            if (++inserts >= 30) throw new Error('arrêt pendant le chargement');
            return target.insert(...args);
          };
        },
      });
      await expect(prepareDemo({ ...deps, db: stopping }, quiet)).rejects.toThrow('arrêt pendant le chargement');
      expect(inserts).toBe(30);
      expect(await isEmpty(deps)).toBe(true);
      expect((await deps.db.select({ n: count() }).from(companies))[0].n).toBe(0);
    } finally {
      await server.close();
    }
  });
});
