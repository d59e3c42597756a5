import type { PGlite } from '@electric-sql/pglite';

// The embedded database has no autovacuum (PGlite runs PostgreSQL as one process, without its
// background workers). Without it a table that grows keeps statistics from its first days and a
// visibility map never set: counting a company's 100 000 invoices read every page of the table at
// each list request (340 ms) instead of the index (8 ms), and the rows a save replaces stay as dead
// rows. This is autovacuum's own rule, applied by the server on a timer (decision 070).

/** PostgreSQL's autovacuum thresholds, the defaults of postgresql.conf. */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_VACUUM_BASE = 1000;
const INSERT_VACUUM_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

export interface TableActivity {
  table: string;
  /** Rows as of the last ANALYZE or VACUUM; -1 when never measured. */
  reltuples: number;
  deadRows: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
}

export type MaintenanceStep = { table: string; action: 'vacuum' | 'analyze'; ms: number };

/** What autovacuum would do to this table now: VACUUM (ANALYZE), ANALYZE alone, or nothing. */
export function maintenanceNeeded(t: TableActivity): 'vacuum' | 'analyze' | null {
  const rows = Math.max(t.reltuples, 0);
  if (t.deadRows > VACUUM_BASE + VACUUM_SCALE * rows) return 'vacuum';
  if (t.insertedSinceVacuum > INSERT_VACUUM_BASE + INSERT_VACUUM_SCALE * rows) return 'vacuum';
  if (t.changedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * rows) return 'analyze';
  return null;
}

/** The tables' counters since their last maintenance (made visible first: PGlite flushes them lazily). */
export async function tableActivity(client: PGlite): Promise<TableActivity[]> {
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{
    table: string;
    reltuples: number;
    dead: string;
    inserted: string;
    changed: string;
  }>(
    `select s.relname as "table", c.reltuples, s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted,
            s.n_mod_since_analyze as changed
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
      order by s.relname`,
  );
  return rows.map((r) => ({
    table: r.table,
    reltuples: Number(r.reltuples),
    deadRows: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    changedSinceAnalyze: Number(r.changed),
  }));
}

/**
 * One turn of maintenance: each table that needs it, one at a time. Each statement waits for the
 * transaction under way, as every query on the single connection does, and requests wait for it
 * in turn: 0.4 s after the demo's seeding, 2.6–3.1 s once after 100 000 invoices were added.
 */
export async function maintainEmbedded(client: PGlite): Promise<MaintenanceStep[]> {
  const done: MaintenanceStep[] = [];
  for (const t of await tableActivity(client)) {
    const action = maintenanceNeeded(t);
    if (!action) continue;
    const started = performance.now();
    // The name comes from the catalogue, quoted as an identifier.
    const name = `"${t.table.replaceAll('"', '""')}"`;
    await client.exec(action === 'vacuum' ? `vacuum (analyze) ${name}` : `analyze ${name}`);
    done.push({ table: t.table, action, ms: performance.now() - started });
  }
  return done;
}
