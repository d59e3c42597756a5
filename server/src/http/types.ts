import type { AppRight } from '../../../src/domain/rights';
import type { Config } from '../env';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { ServerState } from './server-state';

/** What every module receives: built once at start. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Injected so tests can move time; Europe/Paris "today" derives from it. */
  now: () => Date;
  /**
   * The database's commits wait for the disk (client.ts): a batch's items then commit without
   * waiting, and the batch waits once before it answers (decision 055).
   */
  commitsWaitForDisk?: boolean;
  /**
   * The user of a live session token, or null (the auth module's sessions.ts): requireAuth asks it
   * through here, since the HTTP layer imports no module (decision 080).
   */
  findSessionUser: (db: Db, token: string, now: Date) => Promise<{ user: SessionUser; tokenHash: string } | null>;
  /** This server's in-memory state (in-flight keys, blob holds, batches, file store): see server-state.ts. */
  state: ServerState;
  /**
   * Tests only: called at the points where a process could die while answering a mutation
   * (tests/api/idempotency-crash.test.ts throws there to play a crash). Never set in production.
   */
  faults?: (point: FaultPoint) => void;
}

/** After the handler's work, after its answer is stored, after the commit (idempotency.ts); after a mail left (send-route.ts). */
export type FaultPoint = 'answer:before-store' | 'answer:after-store' | 'answer:after-commit' | 'mail:after-send';

export interface SessionUser {
  id: number;
  username: string;
  userType: number;
  lastCompanyId: number | null;
}

export interface CompanyScope {
  id: number;
  label: string;
  rights: AppRight[];
  categories: number[];
  categoriesInbox: number[];
}

export interface AppEnv {
  Variables: {
    requestId: string;
    user: SessionUser;
    tokenHash: string;
    company: CompanyScope;
    /** Set once the answer is stored (or replayed) by the handler itself: the middleware stores nothing more. */
    idempotencyRecorded?: boolean;
    /** Releases the key's lock across instances once the request is answered (reserveIdempotencyKey). */
    idempotencyHold?: () => Promise<void>;
    /** The request's Idempotency-Key (idempotency.ts). requestHash is null for multipart until the files are read. */
    idempotency?: {
      userId: number;
      companyId: number;
      key: string;
      baseHash: string;
      requestHash: string | null;
      /** Read before the work: null on routes that learn of an earlier answer when storing theirs. */
      stored: StoredAnswer | null;
      /** The request's instant on the server's clock: the key's age is measured from it (decision 076). */
      at: Date;
      /** Storing the answer found an earlier one (a request transaction then rolls its work back). */
      answeredBefore?: boolean;
    };
  };
}

/** An Idempotency-Key's stored answer (status 0: a handler with an outside effect is under way). */
export interface StoredAnswer {
  requestHash: string;
  status: number;
  contentType: string | null;
  body: string;
}
