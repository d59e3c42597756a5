import type { SharedLocks } from '../db/client';

/**
 * What a running server keeps in memory besides its database, held in its Deps rather than at
 * module level (decision 017): two servers in one process (the API tests share one per worker)
 * never see each other's in-flight keys, blob holds or batches.
 */
export interface ServerState {
  /** Idempotency keys whose first request is being answered: `user:company:key` (idempotency.ts). */
  inFlight: Set<string>;
  /** SHA-256 of stored bytes an upload holds until its rows commit, with a hold count (blob-guard.ts). */
  heldBlobs: Map<string, number>;
  /**
   * How many rows of a module other than documents keep the stored bytes of a hash, by module
   * (inbox deposits, cash receipts): bytes are removed only when no module uses them (blob-guard.ts).
   */
  blobUsers: Map<string, (sha256: string) => Promise<number>>;
  /**
   * Inbox batches this server is processing, by batch id (inbox/batch.ts), and work left for after an
   * answer under negative ids (after-answer.ts): a stop waits for both before closing the database.
   */
  batches: Map<number, Promise<void>>;
  /**
   * The documents module's file store of DATA_DIR/files, made at first use; `replaced` lets a test
   * play a faulty disk. Typed by that module (documents/stores.ts): the HTTP layer imports no module.
   */
  files: { store: unknown; replaced: unknown };
  /** PostgreSQL: other instances may write to the same database; idempotency.ts takes its locks there too. */
  sharedLocks: SharedLocks | null;
  /** Set when the server starts stopping: /api/health/ready answers 503 so no new traffic comes (server.ts). */
  stopping: boolean;
}

export function createServerState(sharedLocks: SharedLocks | null = null): ServerState {
  return {
    sharedLocks,
    inFlight: new Set(),
    heldBlobs: new Map(),
    blobUsers: new Map(),
    batches: new Map(),
    files: { store: null, replaced: null },
    stopping: false,
  };
}
