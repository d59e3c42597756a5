import { HttpError } from '../../http/errors';
import { accountingLines } from '../../db/schema/index';
import type { EntryLine } from '../../../../src/contract/accounting';
import { euros } from './exercises';

// An exercise's line as the great book and the search read it, and their pages' cursors.

export const lineColumns = {
  id: accountingLines.id,
  account: accountingLines.account,
  accountLabel: accountingLines.accountLabel,
  auxAccount: accountingLines.auxAccount,
  auxLabel: accountingLines.auxLabel,
  date: accountingLines.date,
  journal: accountingLines.journal,
  journalLabel: accountingLines.journalLabel,
  entryNumber: accountingLines.entryNumber,
  piece: accountingLines.piece,
  pieceDate: accountingLines.pieceDate,
  label: accountingLines.label,
  debitCents: accountingLines.debitCents,
  creditCents: accountingLines.creditCents,
  lettering: accountingLines.lettering,
  letteringDate: accountingLines.letteringDate,
  validDate: accountingLines.validDate,
};
export type LineRow = { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] | null } & {
  id: number;
  account: string;
  date: string;
  debitCents: number;
  creditCents: number;
};

export const lineDto = (r: LineRow): EntryLine => ({
  id: r.id,
  account: r.account,
  accountLabel: r.accountLabel ?? '',
  auxAccount: r.auxAccount,
  auxLabel: r.auxLabel,
  date: r.date,
  journal: r.journal ?? '',
  journalLabel: r.journalLabel ?? '',
  entryNumber: r.entryNumber ?? '',
  piece: r.piece ?? '',
  pieceDate: r.pieceDate,
  label: r.label ?? '',
  debit: euros(r.debitCents),
  credit: euros(r.creditCents),
  lettering: r.lettering,
  letteringDate: r.letteringDate,
  validDate: r.validDate,
});

export const badCursor = () => {
  const message = 'Curseur de page invalide.';
  return new HttpError(422, message, { field: 'after', errors: [message] });
};
export const encodeCursor = (parts: Array<string | number>) => Buffer.from(JSON.stringify(parts)).toString('base64url');
export function decodeCursor(text: string, size: number): Array<string | number> {
  try {
    const parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parts) &&
      parts.length === size &&
      parts.every((p) => typeof p === 'string' || typeof p === 'number')
    )
      return parts as Array<string | number>;
  } catch {
    // falls through
  }
  throw badCursor();
}
