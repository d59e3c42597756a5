import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite (decisions 028 and 030).
 *
 * `PGlite.query()` sends every query as an unnamed statement in six calls into the WASM backend
 * (parse, describe, bind, describe, execute, sync): PostgreSQL parses, analyses and plans the text
 * each time — about 1 ms of CPU for a four-table join, more than running it. Here each distinct
 * SELECT, INSERT, UPDATE, DELETE, SAVEPOINT or RELEASE text is parsed once into a named statement
 * (its parameter types kept, as PGlite's own describe step learns them), then every call is a
 * single bind + execute + sync. PostgreSQL reuses the parse, and its plan once the generic plan is
 * as good (plan_cache_mode auto). Results, parameter serialisation and errors are those of
 * `PGlite.query()` (same parsers and serializers, same error decoration); anything else (DDL,
 * multi-statement texts, COPY blobs, explicit paramTypes) goes through `PGlite.query()` unchanged.
 * Statements are session-level, so a rolled-back transaction keeps them; the server runs no DDL
 * after its migrations (a changed table would make PostgreSQL refuse a statement with 0A000: it is
 * then prepared again).
 */

const MAX_STATEMENTS = 300;
const PREPARED = /^\s*(select|insert|update|delete|savepoint|release)\b/i;
const ser = protocol.serialize;

interface Statement {
  name: string;
  paramTypes: number[];
}

type Query = PGlite['query'];
/** PGlite's internal locks (public, underscored): the order PGlite.query() takes them. */
interface Locks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A PGlite handle whose statements run as named prepared statements; everything else is the client itself. */
export function withPreparedStatements(pg: PGlite): PGlite {
  const locks = pg as unknown as Locks;
  const statements = new Map<string, Statement>(); // insertion order: least recently used first
  const toClose: string[] = [];
  let next = 0;

  const eligible = (text: string, options?: QueryOptions) =>
    PREPARED.test(text) && !options?.blob && !options?.paramTypes && !text.includes(';');

  // PGlite merges the query's parsers into its 318 default ones with an object spread at every
  // call (about 0.1 ms: more than a prepared statement itself). Drizzle passes a new parsers object
  // each time, so instead of caching the merge, the query's few parsers sit on top of the defaults
  // through the prototype chain: the lookup `parsers[oid]` finds the override first.
  const parsersFor = (options?: QueryOptions): PGlite['parsers'] =>
    options?.parsers ? Object.assign(Object.create(pg.parsers) as PGlite['parsers'], options.parsers) : pg.parsers;
  const withoutParsers = (options?: QueryOptions) => (options?.parsers ? { ...options, parsers: undefined } : options);

  async function prepare(text: string): Promise<Statement> {
    const name = `wp_${++next}`;
    const closes = toClose.splice(0).map((n) => ser.close({ type: 'S', name: n }));
    const messages = await pg.execProtocolStream(
      concat([...closes, ser.parse({ name, text }), ser.describe({ type: 'S', name }), ser.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest, old] = statements.entries().next().value!;
      statements.delete(oldest);
      toClose.push(old.name);
    }
    return statement;
  }

  async function execute<T>(text: string, params: unknown[], options: QueryOptions | undefined, retry = true) {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text); // most recently used goes last
      statements.set(text, statement);
    } else statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value == null) return null;
      const type = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[type] ?? pg.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    try {
      const messages = await pg.execProtocolStream(
        concat([
          ser.bind({ statement: statement.name, values }),
          ser.describe({ type: 'P' }),
          ser.execute({}),
          ser.sync(),
        ]),
        { syncToFs: false },
      );
      return parse.parseResults(messages, parsersFor(options), withoutParsers(options))[0] as Results<T>;
    } catch (e) {
      const err = e as Error & { code?: string; query?: string; params?: unknown; queryOptions?: unknown };
      // "cached plan must not change result type": a table changed under the statement.
      if (retry && err.code === '0A000') {
        statements.delete(text);
        toClose.push(statement.name);
        return execute<T>(text, params, options, false);
      }
      throw Object.assign(err, { query: text, params, queryOptions: options });
    }
  }

  const query = (inner: Query, inTransaction: boolean) =>
    async function <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (!eligible(text, options)) return inner.call(pg, text, params, options) as Promise<Results<T>>;
      const run = () => locks._runExclusiveQuery(() => execute<T>(text, params, options));
      if (inTransaction) return run();
      const result = await locks._runExclusiveTransaction(run);
      await pg.syncToFs();
      return result;
    };

  const outerQuery = query(pg.query, false);
  const transaction: PGlite['transaction'] = (fn) =>
    pg.transaction((tx) => {
      const txQuery = query(tx.query as Query, true);
      const checked = (async (...args: Parameters<Query>) => {
        if (tx.closed) throw new Error('Transaction is closed');
        return txQuery(...args);
      }) as Transaction['query'];
      return fn(new Proxy(tx, { get: (t, k) => (k === 'query' ? checked : Reflect.get(t, k)) }));
    });

  return new Proxy(pg, {
    get(target, key) {
      if (key === 'query') return outerQuery;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
