import { count, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '../../../../src/contract/admin';
import type { Page } from '../../../../src/contract/common';
import type { DbOrTx } from '../../db/client';
import { rightsAudit } from '../../db/schema/index';
import { personLabels } from '../users/service';

// The rights log (decision 040): one row per change a manager makes in a company, written in the
// transaction of the change (both commit or neither does), never updated nor deleted.

export type AuditAction = AuditEntry['action'];

export interface AuditRow {
  companyId: number;
  actorId: number;
  targetId: number;
  action: AuditAction;
  before: unknown;
  after: unknown;
  at: Date;
}

export async function writeAudit(db: DbOrTx, rows: AuditRow[]): Promise<void> {
  if (rows.length)
    await db.insert(rightsAudit).values(rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null })));
}

/** Newest first, with « Prénom Nom » for who acted and who was changed. */
export async function auditPage(
  db: DbOrTx,
  companyId: number,
  page: number,
  pageSize: number,
): Promise<Page<AuditEntry>> {
  const where = eq(rightsAudit.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rightsAudit)
      .where(where)
      .orderBy(desc(rightsAudit.at), desc(rightsAudit.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(rightsAudit).where(where),
  ]);
  const labels = await personLabels(
    db,
    rows.flatMap((r) => [r.actorId, r.targetId]),
  );
  const person = (id: number) => ({ id, label: labels.get(id) ?? `Utilisateur ${id}` });
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action as AuditAction,
      actor: person(r.actorId),
      target: person(r.targetId),
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    total: total!.n,
    page,
    pageSize,
  };
}
