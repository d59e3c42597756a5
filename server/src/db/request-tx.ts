import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';
import { loggableError } from './loggable-error';

// Transactions scoped to the async context (decision 007). A mutation's handler and its stored
// Idempotency-Key answer commit together in the request transaction, while handlers keep using
// `deps.db`: while a transaction opened through it is open in the current async context, every
// use of that `db` goes to the transaction. So no code can reach the outer connection from inside
// one — on PGlite (one connection) that waits forever for the transaction to end — and nested
// `db.transaction()` calls become savepoints of the open one.

interface Scope {
  tx: Tx;
  /** False once the transaction's callback returned: late async work then uses the plain database. */
  open: boolean;
  afterCommit: Array<() => unknown>;
  /** Run once the transaction has ended, committed or rolled back (releasing holds). */
  afterEnd: Array<() => unknown>;
}

const scopes = new AsyncLocalStorage<Scope>();

/**
 * The database handle given to the whole server. Inside a transaction opened through it (the
 * request's, or any `db.transaction()`), every use goes to that transaction; elsewhere to `root`.
 */
export function scopedDb(root: Db): Db {
  const transaction = (fn: (tx: Tx) => Promise<unknown>, config?: unknown) => scopedTransaction(root, fn, config);
  const bound = (target: object, prop: PropertyKey) => {
    const value = Reflect.get(target, prop);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  return new Proxy(root, {
    get(target, prop) {
      const scope = scopes.getStore();
      if (scope?.open) return bound(scope.tx, prop); // nested db.transaction() → a savepoint of it
      return prop === 'transaction' ? transaction : bound(target, prop);
    },
  });
}

export const inTransaction = () => scopes.getStore()?.open === true;

async function scopedTransaction<T>(root: Db, fn: (tx: Tx) => Promise<T>, config?: unknown): Promise<T> {
  const scope: Scope = { tx: undefined as unknown as Tx, open: false, afterCommit: [], afterEnd: [] };
  let result: T;
  try {
    result = await root.transaction(async (tx) => {
      scope.tx = tx;
      scope.open = true;
      try {
        return await scopes.run(scope, () => fn(tx));
      } finally {
        scope.open = false;
      }
    }, config as never);
  } finally {
    for (const end of scope.afterEnd)
      await scopes
        .exit(async () => end())
        .catch((error) => console.error('Fin d’une transaction en échec', loggableError(error)));
  }
  for (const next of scope.afterCommit) {
    // Committed work is done: a failing follow-up (removing bytes no row refers to) is only logged.
    await scopes
      .exit(async () => next())
      .catch((error) => console.error('Suite d’une transaction en échec', loggableError(error)));
  }
  return result;
}

/** Runs `work` in one transaction of `db`: the request transaction of a mutation (idempotency.ts). */
export function requestTransaction<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return db.transaction(() => work());
}

/**
 * Work that must only see committed data or must not be undone by a rollback (starting background
 * processing, deleting stored bytes): deferred to the commit of the current transaction, or run now
 * when there is none; dropped on rollback. It never runs inside the transaction.
 */
/** Work for when the current transaction ends, whether it committed or not; run now when there is none. */
export function whenTransactionEnds(fn: () => unknown): void {
  const scope = scopes.getStore();
  if (scope?.open) scope.afterEnd.push(fn);
  else
    void Promise.resolve()
      .then(fn)
      .catch((error) => console.error('Fin d’une transaction en échec', loggableError(error)));
}

export function afterCommit(fn: () => unknown): void {
  const scope = scopes.getStore();
  if (scope?.open) scope.afterCommit.push(fn);
  else
    void Promise.resolve()
      .then(fn)
      .catch((error) => console.error('Suite d’une transaction en échec', loggableError(error)));
}
