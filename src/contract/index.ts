import type { AnyEndpoint } from './endpoint';
import * as auth from './auth';
import * as users from './users';
import * as statistics from './statistics';
import * as notifications from './notifications';
import * as documents from './documents';
import * as inbox from './inbox';
import * as catalogue from './catalogue';
import * as invoices from './invoices';
import * as sync from './sync';
import * as health from './health';
import * as cashRegisters from './cash-registers';
import * as accounting from './accounting';
import * as admin from './admin';
import * as myAccount from './my-account';
import * as company from './company';
import * as receivedInvoices from './received-invoices';
import * as payroll from './payroll';
import * as platform from './platform';

// The whole API (decision 021): one map of endpoints per module, shared by the server (validation,
// OpenAPI), the client (typed calls) and the outbox (which mutations may wait offline).
export const api = {
  auth,
  users,
  statistics,
  notifications,
  documents,
  inbox,
  catalogue,
  invoices,
  sync,
  health,
  cashRegisters,
  accounting,
  admin,
  myAccount,
  company,
  receivedInvoices,
  payroll,
  platform,
} as const;

const isEndpoint = (v: unknown): v is AnyEndpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'responses' in v;

/** Every endpoint of the contract, in declaration order. */
export const endpoints: readonly AnyEndpoint[] = Object.values(api).flatMap((m) => Object.values(m).filter(isEndpoint));

export type { AnyEndpoint } from './endpoint';
