import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { RequiredDetail, RequiredDetailKind, RequiredDetailStatus } from '../../../../src/contract/accounting';
import {
  announcesRequest,
  answerNotificationLabel,
  requestNotificationLabel,
} from '../../../../src/domain/information-requests';
import { can } from '../../../../src/domain/rights';
import type { Db, DbOrTx } from '../../db/client';
import {
  accountingExercises,
  accountingLines,
  accountingRequestAnswers,
  accountingRequests,
} from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { findNotification, notify } from '../notifications/service';
import { joinPerson, membershipScope, membershipsWithCompany, personColumns } from '../users/service';
import { euros } from './service';

// The firm's information requests on entries (« demandes d’information », decision 039): open →
// answered (the company answers with text and files) → closed by the firm. A new request notifies the
// company's users who see « Ma comptabilité » with a type 2 notification, and an answer notifies the
// firm user who asked; a notification is found again by its time and label (the notifications module
// keeps no link to other modules' rows).

export const REQUEST_NOT_FOUND = 'Cette demande d’information est introuvable.';
const STATUS_LABELS: Record<RequiredDetailStatus, string> = {
  open: 'Ouverte',
  answered: 'Répondue',
  closed: 'Clôturée',
};

type RequestRow = typeof accountingRequests.$inferSelect;
export type AnswerFile = { sha256: string; name: string; size: number; mimeType: string };

export async function findRequest(db: DbOrTx, companyId: number, id: number, lock = false): Promise<RequestRow> {
  const q = db
    .select()
    .from(accountingRequests)
    .where(and(eq(accountingRequests.id, id), eq(accountingRequests.companyId, companyId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

export async function requestDtos(db: DbOrTx, rows: RequestRow[]): Promise<RequiredDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [askers, answers] = await Promise.all([
    db
      .select({ id: accountingRequests.id, userId: accountingRequests.askedBy, ...personColumns })
      .from(accountingRequests)
      .innerJoin(...joinPerson(accountingRequests.askedBy))
      .where(inArray(accountingRequests.id, ids)),
    db
      .select({ a: accountingRequestAnswers, ...personColumns })
      .from(accountingRequestAnswers)
      .innerJoin(...joinPerson(accountingRequestAnswers.userId))
      .where(inArray(accountingRequestAnswers.requestId, ids))
      .orderBy(asc(accountingRequestAnswers.id)),
  ]);
  return rows.map((r) => {
    const asker = askers.find((a) => a.id === r.id);
    return {
      id: r.id,
      status: r.status as RequiredDetailStatus,
      statusLabel: STATUS_LABELS[r.status as RequiredDetailStatus],
      kind: r.kind as RequiredDetailKind,
      question: r.question,
      entry: {
        date: r.entryDate,
        journal: r.journal,
        entryNumber: r.entryNumber,
        piece: r.piece,
        label: r.label,
        account: r.account,
        amount: euros(r.amountCents),
      },
      askedBy: { id: r.askedBy, firstName: asker?.firstName ?? '', name: asker?.userName ?? '' },
      askedAt: r.askedAt.toISOString(),
      answers: answers
        .filter((a) => a.a.requestId === r.id)
        .map(({ a, firstName, userName }) => ({
          id: a.id,
          text: a.text,
          files: a.files.map((f, i) => ({
            id: a.id * 100 + i,
            name: f.name,
            size: f.size,
            link: `/api/my-accounting/required-details/${r.id}/files/${a.id * 100 + i}`,
          })),
          answeredBy: { id: a.userId, firstName, name: userName },
          answeredAt: a.answeredAt.toISOString(),
        })),
      closedAt: r.closedAt?.toISOString() ?? null,
    };
  });
}

export async function listRequests(
  db: Db,
  companyId: number,
  userId: number,
  q: { status?: RequiredDetailStatus | undefined; notification?: number | undefined; page: number; pageSize: number },
) {
  let note: Awaited<ReturnType<typeof findNotification>> = null;
  if (q.notification !== undefined) {
    note = await findNotification(db, userId, companyId, q.notification);
    if (!note || note.type !== 2) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
  }
  // A notification was sent when its request was asked, or when one of its answers came.
  const at = note ? new Date(note.createdAt) : undefined;
  const answeredThen = at
    ? db
        .select({ id: accountingRequestAnswers.requestId })
        .from(accountingRequestAnswers)
        .where(eq(accountingRequestAnswers.answeredAt, at))
    : undefined;
  const where = and(
    eq(accountingRequests.companyId, companyId),
    q.status ? eq(accountingRequests.status, q.status) : undefined,
    at && answeredThen
      ? or(eq(accountingRequests.askedAt, at), inArray(accountingRequests.id, answeredThen))
      : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(accountingRequests)
      .where(where)
      .orderBy(desc(accountingRequests.askedAt), desc(accountingRequests.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(accountingRequests).where(where),
  ]);
  const items = await requestDtos(db, rows);
  if (!note) return { items, total, page: q.page, pageSize: q.pageSize };
  const announced = items.filter((r) => announcesRequest(note, r));
  return { items: announced, total: announced.length, page: q.page, pageSize: q.pageSize };
}

/** The firm asks about one line of the company's current exercises; the company's readers are notified. */
export async function createRequest(
  db: DbOrTx,
  companyId: number,
  askedBy: number,
  input: { lineId: number; kind: RequiredDetailKind; question: string },
  now: Date,
): Promise<RequiredDetail> {
  const [line] = await db
    .select({
      date: accountingLines.date,
      journal: accountingLines.journal,
      entryNumber: accountingLines.entryNumber,
      piece: accountingLines.piece,
      label: accountingLines.label,
      account: accountingLines.account,
      debit: accountingLines.debitCents,
      credit: accountingLines.creditCents,
    })
    .from(accountingLines)
    .innerJoin(accountingExercises, eq(accountingExercises.importId, accountingLines.importId))
    .where(and(eq(accountingLines.id, input.lineId), eq(accountingExercises.companyId, companyId)));
  if (!line) throw notFound('Cette ligne d’écriture est introuvable.');
  const [row] = await db
    .insert(accountingRequests)
    .values({
      companyId,
      kind: input.kind,
      question: input.question.trim(),
      entryDate: line.date,
      journal: line.journal,
      entryNumber: line.entryNumber,
      piece: line.piece,
      label: line.label,
      account: line.account,
      amountCents: line.debit !== 0 ? line.debit : line.credit,
      askedBy,
      askedAt: now,
    })
    .returning();
  await notifyReaders(db, row!, askedBy);
  return (await requestDtos(db, [row!]))[0]!;
}

/** Type 2 notifications to the company's users who may read « Ma comptabilité » (not the asker). */
export async function notifyReaders(db: DbOrTx, r: RequestRow, askedBy: number) {
  const members = await membershipsWithCompany(db, { companyId: r.companyId });
  const readers: number[] = [];
  for (const m of members) {
    if (m.userId === askedBy) continue;
    const scope = await membershipScope(db, m.userId, r.companyId);
    if (can({ appRights: scope?.rights ?? [] }, 'view', { menu: 'maComptabilite' })) readers.push(m.userId);
  }
  await notify(
    db,
    readers.map((userId) => ({
      companyId: r.companyId,
      userId,
      type: 2,
      label: requestNotificationLabel(r),
      createdAt: r.askedAt,
    })),
  );
}

export async function addAnswer(
  db: DbOrTx,
  companyId: number,
  id: number,
  userId: number,
  text: string,
  files: AnswerFile[],
  now: Date,
): Promise<RequiredDetail> {
  const r = await findRequest(db, companyId, id, true);
  if (r.status === 'closed')
    throw conflict('Cette demande d’information est clôturée : elle n’accepte plus de réponse.');
  await db.insert(accountingRequestAnswers).values({ requestId: id, text, files, userId, answeredAt: now });
  await notifyAsker(db, r, userId, now);
  const [updated] = await db
    .update(accountingRequests)
    .set({ status: 'answered' })
    .where(eq(accountingRequests.id, id))
    .returning();
  return (await requestDtos(db, [updated!]))[0]!;
}

/** A type 2 notification to the firm user who asked, when someone else answers and they still read « Ma comptabilité » there. */
async function notifyAsker(db: DbOrTx, r: RequestRow, answeredBy: number, at: Date) {
  if (r.askedBy === null || r.askedBy === answeredBy) return;
  const scope = await membershipScope(db, r.askedBy, r.companyId);
  if (!can({ appRights: scope?.rights ?? [] }, 'view', { menu: 'maComptabilite' })) return;
  await notify(db, [
    { companyId: r.companyId, userId: r.askedBy, type: 2, label: answerNotificationLabel(r), createdAt: at },
  ]);
}

export async function closeRequest(db: DbOrTx, companyId: number, id: number, now: Date): Promise<RequiredDetail> {
  const r = await findRequest(db, companyId, id, true);
  const [updated] =
    r.status === 'closed'
      ? [r]
      : await db
          .update(accountingRequests)
          .set({ status: 'closed', closedAt: now })
          .where(eq(accountingRequests.id, id))
          .returning();
  return (await requestDtos(db, [updated!]))[0]!;
}

/** A file of an answer, by its id (answer id × 100 + rank). */
export async function findAnswerFile(db: DbOrTx, companyId: number, requestId: number, fileId: number) {
  await findRequest(db, companyId, requestId);
  const [a] = await db
    .select({ files: accountingRequestAnswers.files })
    .from(accountingRequestAnswers)
    .where(
      and(eq(accountingRequestAnswers.id, Math.floor(fileId / 100)), eq(accountingRequestAnswers.requestId, requestId)),
    );
  const f = a?.files[fileId % 100];
  if (!f) throw notFound('Ce fichier est introuvable.');
  return f;
}

/** How many answers name these bytes (the documents' store keeps them while one does). */
export async function answersUsingBlob(db: DbOrTx, sha256: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(accountingRequestAnswers)
    .where(sql`${accountingRequestAnswers.files} @> ${JSON.stringify([{ sha256 }])}::jsonb`);
  return n;
}
