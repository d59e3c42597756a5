// The one way screens read server data (decision 022). A dataset says how to fetch an answer
// (through the feature's api functions) and where it is kept; screens read it with
// useServerData(dataset, params), and the sync engine (engine.ts) decides when to fetch again.

export interface FetchContext {
  companyId: number;
  userId: number;
  signal: AbortSignal;
}

export interface ServerDataset<P, T> {
  /** Unique name; also the `dataset` of its rows in the snapshots table. */
  key: string;
  fetch: (params: P, ctx: FetchContext) => Promise<T>;
  /**
   * 'device': the last answer is kept in IndexedDB (snapshots table) and read offline with its age.
   * 'memory': kept for the page's life only — for what must not be written on the device (an
   * IBAN, the administrators' platform figures) and for paged searches (one copy per query would
   * fill the device with pages nobody reopens offline).
   */
  keep: 'device' | 'memory';
  /** A copy younger than this is not fetched again when a screen opens (default 0: always, online). */
  maxAgeMs?: number;
  /** Outbox kinds (prefix before the dot, e.g. 'invoice') whose success makes the answer stale. */
  refreshAfter?: readonly string[];
  /**
   * Fetched when a screen opens it and on refresh() only, never in the background: what the screen
   * copies into its own state once (an editor's document) must not change under the user.
   */
  manual?: boolean;
  /** Dropped from memory as soon as no screen shows it (large answers: a file's content). */
  forgetOnLeave?: boolean;
  /** Its fetch falls back to a copy on the device by itself (older api functions): called offline too. */
  readsDevice?: boolean;
  /** false: the same answer whatever the current company (kept under company 0). */
  perCompany?: boolean;
  /** Re-fetched this often while a screen shows it and the page is visible. */
  pollMs?: number;
}

/** The parameters of a dataset that has none (null means "nothing to read yet" to useServerData). */
export type NoParams = Record<string, never>;
export const NO_PARAMS: NoParams = {};

/**
 * A `maxAgeMs` for answers a sign-in prefetch also fetches: a screen opened within seconds of it
 * reads its answer instead of asking again (decision 058).
 */
export const JUST_FETCHED_MS = 10_000;

export const defineServerData = <P, T>(def: ServerDataset<P, T>): ServerDataset<P, T> => def;

/** Parameters as a stable key: the same values in another order give the same key. */
export function paramsKey(params: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(params ?? null));
}

/** Why the last fetch failed: the server's status and French message, or null when unreachable. */
export interface SyncError {
  httpStatus: number | null;
  message: string | null;
}

export type SyncStatus = 'idle' | 'refreshing' | 'fresh' | 'offline' | 'error';
