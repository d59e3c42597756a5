import { and, count, desc, eq, getTableColumns, ilike, or, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../../src/contract/common';
import type { ReceivedInvoiceDetail, ReceivedInvoiceRow } from '../../../../src/contract/received-invoices';
import { formatDate } from '../../../../src/domain/format';
import { receivedStatus } from '../../../../src/einvoice/checks';
import type { EInvoiceReadError } from '../../../../src/einvoice/parse';
import type { Db, DbOrTx } from '../../db/client';
import { sqlState } from '../../db/errors';
import { receivedInvoices } from '../../db/schema/index';
import { HttpError, notFound } from '../../http/errors';
import type { DocumentAccess, FileStorage } from '../documents/service';
import { PURCHASES_CATEGORY_ID } from '../inbox/service';
import type { ReadInvoice } from './read';
import { readInvoiceOffThread } from './reader-pool';

export { readSupplierInvoice, supplierKeyOf, type ReadInvoice } from './read';
export { readInvoiceOffThread } from './reader-pool';
// Decision 089: incoming lifecycle statuses (CDAR), about invoices sent or received.
export { recordIncomingStatus } from './lifecycle';

// « Factures reçues » (decision 046): suppliers' e-invoices read from their original file (an inbox
// deposit in Comptabilité › Achats, kept unchanged) and checked. Rows are written once: a trigger
// refuses any update or delete (10 years' retention).

export const NOT_FOUND = 'Facture reçue introuvable.';
const UNIQUE = 'received_invoices_supplier_number_uq';

/** The read error as the HTTP answer (415 / 422, French, with what is wrong). */
export function readErrorAnswer(error: EInvoiceReadError): HttpError {
  return new HttpError(error.status, error.message, error.details.length ? { errors: error.details } : {});
}

/** The same invoice of the same supplier already received by the company, or null. */
export async function findDuplicate(db: DbOrTx, companyId: number, read: ReadInvoice) {
  const [row] = await db
    .select({ id: receivedInvoices.id, createdAt: receivedInvoices.createdAt })
    .from(receivedInvoices)
    .where(
      and(
        eq(receivedInvoices.companyId, companyId),
        eq(receivedInvoices.supplierKey, read.supplierKey),
        eq(receivedInvoices.number, read.parsed.invoice.number),
        eq(receivedInvoices.kind, read.kind),
      ),
    );
  return row ?? null;
}

/** « La facture FA-12 de Atelier Lumière a déjà été déposée le 02/11/2026. » */
export function duplicateMessage(read: ReadInvoice, depositedAt: Date): string {
  const inv = read.parsed.invoice;
  const what = read.kind === 'Avoir' ? 'L’avoir' : 'La facture';
  const number = inv.number ? `${what} ${inv.number}` : `${what} sans numéro`;
  const supplier = inv.seller.name || 'ce fournisseur';
  const done = read.kind === 'Avoir' ? 'déposé' : 'déposée';
  return `${number} de ${supplier} a déjà été ${done} le ${formatDate(depositedAt.toISOString())}.`;
}

export const isDuplicateViolation = (error: unknown) => {
  const state = sqlState(error);
  return state?.code === '23505' && (state.constraint === undefined || state.constraint === UNIQUE);
};

const amount = (n: number) => n.toFixed(2);

/** Writes the row of a read invoice (in the caller's transaction, with its deposit) and answers its detail. */
export async function insertReceivedInvoice(
  tx: DbOrTx,
  v: { companyId: number; depositId: number; depositedBy: number | null; fileName: string; createdAt: Date },
  read: ReadInvoice,
): Promise<ReceivedInvoiceDetail> {
  const inv = read.parsed.invoice;
  const absent = new Set(read.parsed.raw.absentTotals);
  const values = {
    companyId: v.companyId,
    depositId: v.depositId,
    depositedBy: v.depositedBy,
    format: read.parsed.format,
    kind: read.kind,
    supplierName: inv.seller.name,
    supplierSiren: inv.seller.siren ?? null,
    supplierVatNumber: inv.seller.vatNumber ?? null,
    supplierKey: read.supplierKey,
    number: inv.number,
    issueDate: inv.issueDate || null,
    dueDate: inv.dueDate ?? null,
    currency: read.parsed.raw.currency || 'EUR',
    ht: absent.has('taxBasis') ? null : amount(inv.totals.taxBasis),
    tva: amount(inv.totals.vatTotal),
    ttc: absent.has('grandTotal') ? null : amount(inv.totals.grandTotal),
    lines: inv.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitCode: l.unitCode,
      unitPrice: l.unitPrice,
      netAmount: l.netAmount,
      vatRate: l.vatRate,
      vatCategory: l.vatCategory,
    })),
    vatBreakdown: inv.vatBreakdown.map((b) => ({ category: b.category, rate: b.rate, base: b.base, vat: b.vat })),
    findings: read.findings,
    status: receivedStatus(read.findings).status,
    createdAt: v.createdAt,
  };
  // The lines and findings are not read back: from jsonb they would cost as much again as writing
  // them (1.4 Mo for a 10 000-line invoice), on the event loop with the embedded database.
  const [row] = await tx.insert(receivedInvoices).values(values).returning(WRITTEN_COLUMNS);
  return toDetail({ ...row!, lines: values.lines, findings: values.findings }, v.fileName);
}

const { lines: _lines, findings: _findings, ...WRITTEN_COLUMNS } = getTableColumns(receivedInvoices);

type Row = typeof receivedInvoices.$inferSelect;
const num = (s: string | null) => (s === null ? null : Number(s));

function toRow(r: Row, fileName: string): ReceivedInvoiceRow {
  return {
    id: r.id,
    format: r.format as ReceivedInvoiceRow['format'],
    kind: r.kind as ReceivedInvoiceRow['kind'],
    supplierName: r.supplierName,
    supplierSiren: r.supplierSiren,
    supplierVatNumber: r.supplierVatNumber,
    number: r.number,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    currency: r.currency,
    ht: num(r.ht),
    tva: num(r.tva),
    ttc: num(r.ttc),
    ...receivedStatus(r.findings),
    depositId: r.depositId,
    fileName,
    createdAt: r.createdAt.toISOString(),
  };
}

function toDetail(r: Row, fileName: string): ReceivedInvoiceDetail {
  return { ...toRow(r, fileName), lines: r.lines, vatBreakdown: r.vatBreakdown, findings: r.findings };
}

/**
 * The received invoices a viewer may read: those of the company, when the viewer reads the
 * category « Achats » or deposited the file (the documents' one rule, mayReadFile).
 */
function readableWhere(access: DocumentAccess): SQL {
  const company = eq(receivedInvoices.companyId, access.companyId);
  return access.readable.includes(PURCHASES_CATEGORY_ID)
    ? company
    : and(company, eq(receivedInvoices.depositedBy, access.userId))!;
}

type FileNames = (depositIds: number[]) => Promise<Map<number, string>>;

export async function listReceived(db: Db, access: DocumentAccess, query: ListQuery, fileNames: FileNames) {
  const q = query.q?.trim();
  const where = and(
    readableWhere(access),
    q
      ? or(
          ilike(receivedInvoices.supplierName, `%${escapeLike(q)}%`),
          ilike(receivedInvoices.number, `%${escapeLike(q)}%`),
        )
      : undefined,
  );
  const rows = await db
    .select()
    .from(receivedInvoices)
    .where(where)
    .orderBy(desc(receivedInvoices.createdAt), desc(receivedInvoices.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [{ total }] = await db.select({ total: count() }).from(receivedInvoices).where(where);
  const names = await fileNames(rows.map((r) => r.depositId));
  return {
    items: rows.map((r) => toRow(r, names.get(r.depositId) ?? '')),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One received invoice the viewer may read, with the file's name; 404 otherwise (another company's too). */
export async function findReceived(db: DbOrTx, access: DocumentAccess, id: number) {
  const [row] = await db
    .select()
    .from(receivedInvoices)
    .where(and(readableWhere(access), eq(receivedInvoices.id, id)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export function detailOf(row: Row, fileName: string): ReceivedInvoiceDetail {
  return toDetail(row, fileName);
}

/** Whether a deposit is the original of a received invoice (then it is kept: it cannot be withdrawn). */
export async function isReceivedInvoiceFile(db: DbOrTx, depositId: number): Promise<boolean> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(receivedInvoices)
    .where(eq(receivedInvoices.depositId, depositId));
  return n > 0;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// ── The inbox's path: a file deposited in Comptabilité › Achats that is an e-invoice ─────────────

/** Past this size a deposited PDF is not opened to look for an e-invoice (a scan, not a Factur-X). */
const MAX_INBOX_READ_BYTES = 20 * 1024 * 1024;

/**
 * Reads, before the inbox's transaction, the e-invoices among files just stored for a deposit in
 * « Achats »; null for every file that is not one (it stays a plain deposit, without any error).
 */
export async function readDepositedInvoices(
  storage: FileStorage,
  files: Array<{ sha256: string; size: number; name: string; mimeType: string }>,
): Promise<Array<ReadInvoice | null>> {
  const out: Array<ReadInvoice | null> = [];
  for (const f of files) {
    if (f.size > MAX_INBOX_READ_BYTES || !['application/pdf', 'application/xml'].includes(f.mimeType)) {
      out.push(null);
      continue;
    }
    try {
      const stream = await storage.open(f.sha256);
      if (!stream) throw new Error('absent');
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      // In a worker thread, as every uploaded file (decision 074).
      out.push(await readInvoiceOffThread(new Uint8Array(Buffer.concat(chunks)), f.name, { transfer: true }));
    } catch {
      out.push(null);
    }
  }
  return out;
}

/**
 * In the inbox's transaction: a received invoice for each deposit read as one, unless the company
 * already has it (then the file stays a plain deposit: no error for the inbox user).
 */
export async function recordDepositedInvoices(
  tx: DbOrTx,
  deposits: Array<{ id: number; companyId: number; userId: number; name: string; createdAt: Date }>,
  reads: Array<ReadInvoice | null>,
): Promise<void> {
  for (const [i, read] of reads.entries()) {
    const d = deposits[i];
    if (!read || !d || (await findDuplicate(tx, d.companyId, read))) continue;
    try {
      // A savepoint: a duplicate committed meanwhile by another request must not abort the deposit.
      await (tx as Db).transaction((sp) =>
        insertReceivedInvoice(
          sp,
          { companyId: d.companyId, depositId: d.id, depositedBy: d.userId, fileName: d.name, createdAt: d.createdAt },
          read,
        ),
      );
    } catch (error) {
      if (!isDuplicateViolation(error)) throw error;
    }
  }
}
