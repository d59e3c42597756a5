import type { Query } from 'drizzle-orm';
import type { DbOrTx } from './client';

// A hot write built once, with drizzle's placeholders, and run on whichever handle the caller holds:
// the root database or the request transaction (decision 054).
//
// drizzle builds a statement's SQL text anew at every call: for the customer update of a replayed
// change that was about 0.2 ms, a tenth of the change's server time. Its own `.prepare()` keeps the
// text but binds it to the handle it was built on, and the request transaction is a new handle each
// time: a query prepared on the root and run inside a PGlite transaction would wait for ever for
// the single connection that transaction holds. So only the built text and the result's fields are
// kept here, and each run asks the current handle's session for a query with them — what drizzle's
// own `execute()` does after building.

/** What a drizzle builder (or an `sql` text) keeps internally (drizzle-orm 0.45: its `_prepare`). */
interface DrizzleBuilder {
  getSQL(): unknown;
  config?: { returning?: unknown };
}
interface DrizzleSession {
  prepareQuery(
    query: Query,
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}
interface DrizzleHandle {
  dialect: { sqlToQuery(sql: unknown): Query };
  session: DrizzleSession;
}

export interface BuiltOnce<V extends Record<string, unknown>, R> {
  /** Runs the statement on `db` (root or transaction) with these placeholder values: its RETURNING rows. */
  run(db: DbOrTx, values: V): Promise<R[]>;
}

/**
 * `build` receives the handle of the first run and must use `sql.placeholder(name)` for every value
 * that changes between runs; its SQL must not depend on those values (the text is kept).
 */
export function builtOnce<V extends Record<string, unknown>, R>(build: (db: DbOrTx) => unknown): BuiltOnce<V, R> {
  let built: { query: Query; fields: unknown } | undefined;
  return {
    async run(db, values) {
      const handle = db as unknown as DrizzleHandle;
      if (!built) {
        const builder = build(db) as DrizzleBuilder;
        built = { query: handle.dialect.sqlToQuery(builder.getSQL()), fields: builder.config?.returning };
      }
      // Array mode with fields, as drizzle's insert and update builders ask for their RETURNING rows.
      const query = handle.session.prepareQuery(built.query, built.fields, undefined, true);
      return (await query.execute(values)) as R[];
    },
  };
}
