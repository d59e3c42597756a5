import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { customerPayload } from '../support/invoice-helpers';
import { reusedCopies } from '../support/seeded-copies';
import { startTestServer, type TestServer } from '../support/test-server';

// Decision 051: a closed test server gives its copy of the seeded database back (in-memory PGlite, or
// a database of the run's PostgreSQL on api-pg), and the next server of the worker gets it put back in
// the seeded state. No test may see another's data.

const opened: TestServer[] = [];
async function server() {
  const s = await startTestServer();
  opened.push(s);
  return s;
}
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

const customersOf = async (s: TestServer, token: string) =>
  (await s.api.get('/api/customers?pageSize=200', { token })).body.items.map(
    (c: { socialReason: string }) => c.socialReason,
  );

describe('a test server’s seeded copy, reused', () => {
  it('comes back as seeded: rows written, changed and deleted, and the numbering, as before', async () => {
    const first = await server();
    const { token } = await first.api.login('demo');
    const seeded = await customersOf(first, token);
    const created = await first.api.post('/api/customers', customerPayload('Écrit Par Le Premier'), { token });
    expect(created.status).toBe(201);
    const [before] = (
      await first.deps.db.execute<{ label: string }>(sql`select label from companies order by id limit 1`)
    ).rows;
    await first.deps.db.execute(sql`update companies set label = 'Renommée par le premier'`);
    const countNotifications = async (s: TestServer) =>
      (await s.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications`)).rows[0].n;
    const notifications = await countNotifications(first);
    expect(notifications).toBeGreaterThan(0);
    await first.deps.db.execute(sql`delete from notifications`);
    await first.close();
    opened.length = 0;

    const reused = reusedCopies();
    const second = await server();
    expect(reusedCopies()).toBe(reused + 1);
    const again = await second.api.login('demo');
    expect(await customersOf(second, again.token)).toEqual(seeded);
    const [label] = (
      await second.deps.db.execute<{ label: string }>(sql`select label from companies order by id limit 1`)
    ).rows;
    expect(label).toEqual(before);
    expect(await countNotifications(second)).toBe(notifications);
    // The same creation gets the same number and id as on the first copy: the sequences went back too.
    const recreated = await second.api.post('/api/customers', customerPayload('Écrit Par Le Premier'), {
      token: again.token,
    });
    expect(recreated.status).toBe(201);
    expect(recreated.body.accountNumber).toBe(created.body.accountNumber);
    expect(recreated.body.id).toBe(created.body.id);
  });

  it('is never lent again when a table was added to it', async () => {
    const first = await server();
    await first.deps.db.execute(sql`create table left_behind (id int)`);
    await first.close();
    opened.length = 0;
    const second = await server();
    const found = await second.deps.db.execute(sql`select to_regclass('left_behind') as t`);
    expect(found.rows[0]).toEqual({ t: null });
  });

  it('fails any late use by the server that gave it back, instead of writing into the next one', async () => {
    const first = await server();
    const db = first.deps.db;
    await first.close();
    opened.length = 0;
    // On PGlite the copy is open and lent again: only the lease's guard refuses (db/client.ts).
    await expect(db.execute(sql`select 1`)).rejects.toThrow();
  });
});
