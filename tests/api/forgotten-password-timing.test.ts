import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server';

// Decision 075: « Mot de passe oublié » answered a known login in 10 ms (p50)
// and an unknown one in 4 ms: the lookup, the link stored and the mail written came before the
// answer for a known login only, so the time told which logins exist. Now the answer leaves after
// the same work on both paths (the throttle's count), and the rest is done after it.

const ctx = useTestServer({ signIn: [] });
const HOUR = 3_600_000;
const ROUNDS = 30;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

describe('forgotten password: a known login and an unknown one take the same time', () => {
  it('p50 of 30 requests each differ by less than 2 ms (or a quarter of the quicker on a loaded machine)', async () => {
    const server = ctx.server;
    // Each request two hours after the previous one: the throttle (3 per login, 10 per address and
    // per hour) never answers 429 here.
    let at = new Date('2026-05-04T06:00:00Z').getTime();
    const ask = async (username: string) => {
      at += 2 * HOUR;
      server.setNow(new Date(at));
      const started = performance.now();
      const res = await server.api.post('/api/user/me/forgotten-password', { username });
      const ms = performance.now() - started;
      expect(res.status).toBe(200);
      // What is left after the answer (the mail) ends before the next request is timed.
      await Promise.allSettled([...server.deps.state.batches.values()]);
      return ms;
    };
    /** One measure: the p50 of each over ROUNDS, taken in turns so a change of load weighs on both alike. */
    const measure = async () => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        if (i % 2) {
          known.push(await ask('demo'));
          unknown.push(await ask('personne-inconnue'));
        } else {
          unknown.push(await ask('personne-inconnue'));
          known.push(await ask('demo'));
        }
      }
      return { known: median(known), unknown: median(unknown) };
    };
    try {
      for (let i = 0; i < 5; i++) {
        await ask('demo');
        await ask('personne-inconnue');
      }
      // The machine is shared (two cores, other suites): one measure may be off by the noise of the
      // moment. A difference of the code is there at every measure (before the fix: 8 ms against
      // 3 ms quiet, 24 against 4 loaded), so up to three are taken and one within the bound is enough.
      const seen: string[] = [];
      let within = false;
      for (let attempt = 0; attempt < 3 && !within; attempt++) {
        const { known, unknown } = await measure();
        seen.push(`connu ${known.toFixed(2)} ms, inconnu ${unknown.toFixed(2)} ms`);
        within = Math.abs(known - unknown) < Math.max(2, Math.min(known, unknown) / 4);
      }
      expect(within, `p50 : ${seen.join(' ; ')}`).toBe(true);
    } finally {
      server.setNow(null);
    }
  });
});
