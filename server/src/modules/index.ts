import type { Hono } from 'hono';
import type { AppEnv, Deps } from '../http/types';
import { authModule } from './auth/routes';
import { publicConfigModule, usersModule } from './users/routes';
import { statisticsModule } from './statistics/routes';
import { catalogueModule } from './catalogue/index';
import { documentsAndInboxModule } from './documents/index';
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

// Each module is a small Hono app whose routes carry their full /api/... paths.
// Add a module here (one line) to mount it.
export const modules: Array<(deps: Deps) => Hono<AppEnv>> = [
  healthModule,
  publicConfigModule,
  authModule,
  usersModule,
  statisticsModule,
  catalogueModule,
  documentsAndInboxModule,
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
];
