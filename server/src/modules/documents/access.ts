import type { Context } from 'hono';
import { and, eq, inArray, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { ALL_CATEGORY_IDS_OF_SPEC, memberReadableCategoryIds } from '../../../../src/domain/document-categories';
import { can } from '../../../../src/domain/rights';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../http/errors';
import type { AppEnv, Deps } from '../../http/types';
import { companyGedUserRight, membershipScope, membershipsWithCompany } from '../users/service';

export { storageFor } from './stores';

export interface DocumentAccess {
  companyId: number;
  companyLabel: string;
  userId: number;
  /** Categories whose documents this user may read in this company. */
  readable: number[];
}

/** A file as far as rights go: a document or an inbox deposit. */
export interface FileRef {
  companyId: number;
  categoryId: number;
  /** Who deposited it (documents.depositedBy, inboxDeposits.userId). */
  depositorId: number | null;
}

const readsAll = (access: DocumentAccess) => access.readable.length === ALL_CATEGORY_IDS_OF_SPEC.length;

/**
 * THE rule for every path to a file's bytes or name (document lists, previews, downloads, zips,
 * recent-documents widget, inbox lists and history, deposit zips, batches, notifications): a file
 * of the company is readable when its category is readable for the viewer (membership categories
 * + gedUserRight), or when the viewer deposited it (they sent those very bytes). The SQL form
 * below says the same for queries; keep the two together.
 */
export function mayReadFile(access: DocumentAccess, file: FileRef): boolean {
  if (file.companyId !== access.companyId) return false;
  return (
    readsAll(access) ||
    access.readable.includes(file.categoryId) ||
    (file.depositorId !== null && file.depositorId === access.userId)
  );
}

/** mayReadFile as an SQL condition on a table's columns. */
export function readableFilesWhere(
  access: DocumentAccess,
  cols: { companyId: AnyColumn; categoryId: AnyColumn; depositorId: AnyColumn },
): SQL {
  const company = eq(cols.companyId, access.companyId);
  // Reading every category (the usual case) needs no category filter: the (company, date) index
  // then serves the newest-first page directly.
  if (readsAll(access)) return company;
  const categories = access.readable.length ? inArray(cols.categoryId, access.readable) : undefined;
  return and(company, or(categories, eq(cols.depositorId, access.userId)))!;
}

/**
 * Who asks, for which company, and which categories they may read: the membership's categories
 * when the company applies them and the member's rights carry userGedRight (decision 042).
 */
export async function documentAccess(deps: Deps, c: Context<AppEnv>): Promise<DocumentAccess> {
  const company = c.get('company');
  const user = c.get('user');
  const gedUserRight = await companyGedUserRight(deps.db, company.id);
  return {
    companyId: company.id,
    companyLabel: company.label,
    userId: user.id,
    readable: memberReadableCategoryIds(
      { userType: user.userType, appRights: company.rights },
      { categories: company.categories, gedUserRight },
    ),
  };
}

/**
 * The access of every member of a company, or of a user in each of their companies (notifications,
 * the firm's views spanning companies), for the members who may open the menu the file is seen in:
 * « Mes documents » for a filed document, « Ma bannette » for a deposit. A member without it (the
 * firm following only a client's accounting, decision 069) neither lists nor is told of its files.
 */
export async function membersAccess(
  db: DbOrTx,
  where: { companyId?: number; userId?: number },
  menu: 'mesDocuments' | 'maBannette',
): Promise<DocumentAccess[]> {
  const rows = await membershipsWithCompany(db, where);
  return rows
    .filter((r) => can({ appRights: r.rights }, 'view', { menu }))
    .map((r) => ({
      companyId: r.companyId,
      companyLabel: r.label,
      userId: r.userId,
      readable: memberReadableCategoryIds({ appRights: r.rights }, r),
    }));
}

/** For calls that name the company in their path (widgets): membership or 403, like X-Company-Id. */
export async function companyScopeOf(deps: Deps, userId: number, companyId: number) {
  const row = await membershipScope(deps.db, userId, companyId);
  if (!row) throw forbidden('Vous n’êtes pas membre de cette société.');
  return row;
}
