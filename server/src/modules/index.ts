import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../http/types';
import { authModule } from './auth/routes';
import { publicConfigModule, usersModule } from './users/routes';
import { statisticsModule } from './statistics/routes';
import { catalogueModule } from './catalogue/index';
import { documentsModule } from './documents/index';
import { inboxModule } from './inbox/index';
import { invoicesModule } from './invoices/index';
import { notificationsModule } from './notifications/routes';
import { healthModule } from './health/routes';
import { cashRegistersModule } from './cash-registers/routes';
import { accountingModule } from './accounting/routes';
import { adminModule } from './admin/routes';
import { payrollModule } from './payroll/routes';
import { myAccountModule } from './my-account/routes';
import { paymentsModule } from './my-account/payments/routes';
import { companyModule } from './company/index';
import { receivedInvoicesModule } from './received-invoices/index';
import {
  findDuplicate,
  insertReceivedInvoice,
  isDuplicateViolation,
  isReceivedInvoiceFile,
  readDepositedInvoices,
  readInvoiceOffThread,
  recordDepositedInvoices,
  recordIncomingStatus,
} from './received-invoices/service';
import { platformModule, type IncomingEntries } from './platform/index';
import { customerHasValidatedInvoices, recordPlatformRejection } from './invoices/service';

// Each module is a small Hono app whose routes carry their full /api/... paths.
// Add a module here (one line) to mount it. A module that needs a piece of one built on it gets it
// here, passed in, so that no two modules import each other (decision 080).
export const modules: Array<(deps: Deps) => Hono<AppEnv>> = [
  healthModule,
  publicConfigModule,
  authModule,
  usersModule,
  statisticsModule,
  (deps) => catalogueModule(deps, { customerHasValidatedInvoices }),
  // The inbox beside the documents (decision 004): they share the file rules and stored bytes.
  documentsModule,
  (deps) => inboxModule(deps, { isReceivedInvoiceFile, readDepositedInvoices, recordDepositedInvoices }),
  invoicesModule,
  notificationsModule,
  cashRegistersModule,
  accountingModule,
  adminModule,
  payrollModule,
  myAccountModule,
  paymentsModule,
  companyModule,
  receivedInvoicesModule,
  (deps) => platformModule(deps, platformEntries),
];

/**
 * Decision 088: what the platform's incoming flows go through — « Factures reçues »' own steps of an
 * upload (read off the event loop, duplicate, record). Given to its routes (webhook) and to its worker
 * (polling, started by server.ts).
 */
export const platformEntries: IncomingEntries = {
  receivedInvoices: {
    read: (bytes, name) => readInvoiceOffThread(bytes, name),
    findDuplicate: (db, companyId, read) => findDuplicate(db, companyId, read as never),
    insert: (tx, v, read) => insertReceivedInvoice(tx, v, read as never),
    isDuplicateViolation,
  },
  // Decision 089: a flow the platform refused by its acknowledgement is the invoice's « Rejetée ».
  rejections: recordPlatformRejection,
  // Decision 089: a lifecycle status (CDAR) joins the trail of the invoice it is about, sent or received.
  statuses: (deps, { companyId, flow, bytes }) =>
    deps.db.transaction((tx) =>
      recordIncomingStatus(tx, companyId, new TextDecoder().decode(bytes), flow.flowId ?? null, deps.now()),
    ),
};
