import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { readableCategoryIds } from '../../../../src/domain/document-categories';
import { companies, memberships } from '../../db/schema/index';
import { forbidden } from '../../http/errors';
import type { Config } from '../../env';
import type { AppEnv, Deps } from '../../http/types';
import { diskStorage, type FileStorage } from './storage';

const stores = new Map<string, FileStorage>();

/** The one store per data folder (DATA_DIR/files). */
export function storageFor(config: Config): FileStorage {
  const dataDir = config.env.DATA_DIR === 'memory://' ? join(tmpdir(), `workplace-files-${process.pid}`) : config.env.DATA_DIR;
  const root = join(dataDir, 'files');
  let store = stores.get(root);
  if (!store) stores.set(root, (store = diskStorage(root)));
  return store;
}

export interface DocumentAccess {
  companyId: number;
  companyLabel: string;
  userId: number;
  userType: number;
  /** Categories whose documents this user may read in this company. */
  readable: number[];
}

/** Who asks, for which company, and which categories they may read (membership + gedUserRight). */
export async function documentAccess(deps: Deps, c: Context<AppEnv>): Promise<DocumentAccess> {
  const company = c.get('company');
  const user = c.get('user');
  const [row] = await deps.db.select({ gedUserRight: companies.gedUserRight }).from(companies).where(eq(companies.id, company.id)).limit(1);
  return {
    companyId: company.id,
    companyLabel: company.label,
    userId: user.id,
    userType: user.userType,
    readable: readableCategoryIds(company.categories, row?.gedUserRight ?? true),
  };
}

/** For calls that name the company in their path (widgets): membership or 403, like X-Company-Id. */
export async function companyScopeOf(deps: Deps, userId: number, companyId: number) {
  const [row] = await deps.db
    .select({ id: companies.id, label: companies.label, rights: memberships.appRights, categories: memberships.categories, categoriesInbox: memberships.categoriesInbox })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  if (!row) throw forbidden('Vous n’êtes pas membre de cette société.');
  return row;
}
