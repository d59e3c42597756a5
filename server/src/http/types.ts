import type { AppRight } from '../../../src/domain/rights';
import type { Config } from '../env';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';

/** What every module receives: built once at start. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Injected so tests can move time; Europe/Paris "today" derives from it. */
  now: () => Date;
}

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
    /** Set by the idempotency middleware once a handler stored its answer inside its own transaction. */
    idempotencyRecorded?: boolean;
    idempotency?: { key: string; requestHash: string };
  };
}
