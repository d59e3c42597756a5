import { seedSignIns } from './sign-ins';
import type { companies } from '../db/schema/index';
import type { Deps } from '../http/types';
import { seedDocuments } from '../modules/documents/seed';
import { seedDeposits } from '../modules/inbox/seed';
import { seedInvoicing } from './invoicing';
import { seedInvoices } from './invoices';
import { seedCashRegisters } from './cash-registers';
import { seedAccounting } from './accounting';
import { seedAdmin } from './admin';
import { seedMyAccount } from './my-account';
import { seedReceivedInvoices } from './received-invoices';
import { seedPlatform } from '../modules/platform/seed';

export type SeededCompany = typeof companies.$inferSelect & { invoicing: boolean };

export interface SeedContext {
  deps: Deps;
  companies: SeededCompany[];
  demoUserId: number;
  adminUserId: number;
}

// Each module adds its demo records here (one line per module).
export const moduleSeeders: Array<(ctx: SeedContext) => Promise<void>> = [
  seedInvoicing,
  seedDocuments,
  seedDeposits,
  seedInvoices,
  seedCashRegisters,
  seedAccounting,
  seedAdmin,
  seedSignIns,
  seedMyAccount,
  seedReceivedInvoices,
  seedPlatform,
];
