import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { AccountingExercise, FecImport } from '../../../../src/contract/accounting';
import { isIsoDate } from '../../../../src/domain/dates';
import type { DbOrTx } from '../../db/client';
import { accountingExercises, accountingImports } from '../../db/schema/index';
import { HttpError, notFound } from '../../http/errors';
import { joinPerson, personColumns } from '../users/service';

// A company's exercises (decision 039), each read through its current import, the period a request
// asks for within one, and the history of the FEC imports.

export const euros = (cents: number | string | null | undefined) => Number(cents ?? 0) / 100;
const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
export const EXERCISE_NOT_FOUND = 'Cet exercice est introuvable.';

export type ExerciseRow = typeof accountingExercises.$inferSelect;

export async function listExercises(db: DbOrTx, companyId: number): Promise<ExerciseRow[]> {
  return db
    .select()
    .from(accountingExercises)
    .where(eq(accountingExercises.companyId, companyId))
    .orderBy(desc(accountingExercises.dateEnd));
}

export const exerciseDto = (e: ExerciseRow): AccountingExercise => ({
  id: e.id,
  dateStart: e.dateStart,
  dateEnd: e.dateEnd,
  label: `Exercice du ${frDate(e.dateStart)} au ${frDate(e.dateEnd)}`,
  lines: e.lines,
  entries: e.entries,
  importedAt: e.importedAt.toISOString(),
});
export const exerciseRef = (e: ExerciseRow | null) =>
  e ? { id: e.id, dateStart: e.dateStart, dateEnd: e.dateEnd } : null;

export interface Period {
  exercise: ExerciseRow;
  dateStart: string;
  dateEnd: string;
}

/** The period asked: an exercise by id (404 if not the company's), the one holding dateStart, or the latest. */
export async function resolvePeriod(
  db: DbOrTx,
  companyId: number,
  q: { exercise?: number | undefined; dateStart?: string | undefined; dateEnd?: string | undefined },
): Promise<Period | null> {
  for (const field of ['dateStart', 'dateEnd'] as const) {
    const value = q[field];
    if (value !== undefined && !isIsoDate(value)) {
      const message = `Date invalide : ${value}.`;
      throw new HttpError(422, message, { field, errors: [message] });
    }
  }
  const all = await listExercises(db, companyId);
  let exercise: ExerciseRow | undefined;
  if (q.exercise !== undefined) {
    exercise = all.find((e) => e.id === q.exercise);
    if (!exercise) throw notFound(EXERCISE_NOT_FOUND);
  } else if (q.dateStart) exercise = all.find((e) => e.dateStart <= q.dateStart! && q.dateStart! <= e.dateEnd);
  else if (q.dateEnd) exercise = all.find((e) => e.dateStart <= q.dateEnd! && q.dateEnd! <= e.dateEnd);
  else exercise = all[0];
  if (!exercise) {
    if (q.dateStart || q.dateEnd) throw notFound('Aucun exercice ne couvre cette période.');
    return null;
  }
  const dateStart = q.dateStart && q.dateStart > exercise.dateStart ? q.dateStart : exercise.dateStart;
  const dateEnd = q.dateEnd && q.dateEnd < exercise.dateEnd ? q.dateEnd : exercise.dateEnd;
  if (dateStart > dateEnd) {
    const message = 'Période invalide : la date de début doit précéder la date de fin.';
    throw new HttpError(422, message, { field: 'dateStart', errors: [message] });
  }
  return { exercise, dateStart, dateEnd };
}

/** The exercise before this one (its dateEnd before this dateStart), if any. */
export async function previousOf(db: DbOrTx, e: ExerciseRow): Promise<ExerciseRow | null> {
  const [row] = await db
    .select()
    .from(accountingExercises)
    .where(and(eq(accountingExercises.companyId, e.companyId), lt(accountingExercises.dateEnd, e.dateStart)))
    .orderBy(desc(accountingExercises.dateEnd))
    .limit(1);
  return row ?? null;
}

// ——— Import history ———

export async function listImports(db: DbOrTx, companyId: number, page: number, pageSize: number) {
  const where = and(eq(accountingImports.companyId, companyId), eq(accountingImports.status, 'done'));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ i: accountingImports, ...personColumns })
      .from(accountingImports)
      .innerJoin(...joinPerson(accountingImports.userId))
      .where(where)
      .orderBy(desc(accountingImports.importedAt), desc(accountingImports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(accountingImports).where(where),
  ]);
  return { items: rows.map((r) => importDto(r.i, r.firstName, r.userName)), total, page, pageSize };
}

export async function findImport(db: DbOrTx, importId: number): Promise<FecImport> {
  const [r] = await db
    .select({ i: accountingImports, ...personColumns })
    .from(accountingImports)
    .innerJoin(...joinPerson(accountingImports.userId))
    .where(eq(accountingImports.id, importId));
  return importDto(r!.i, r!.firstName, r!.userName);
}

function importDto(i: typeof accountingImports.$inferSelect, firstName: string, name: string): FecImport {
  return {
    id: i.id,
    exerciseId: i.exerciseId,
    fileName: i.fileName,
    siren: i.siren,
    closingDate: i.closingDate,
    dateStart: i.dateStart ?? '',
    dateEnd: i.dateEnd ?? '',
    lines: i.lines,
    entries: i.entries,
    totalDebit: euros(i.totalDebitCents),
    totalCredit: euros(i.totalCreditCents),
    encoding: i.encoding,
    separator: i.separator,
    sha256: i.sha256,
    importedBy: { id: i.userId, firstName, name },
    importedAt: i.importedAt.toISOString(),
    replaced: i.replaced,
  };
}
