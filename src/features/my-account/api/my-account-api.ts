// One function per endpoint of « Mon compte » (src/contract/my-account.ts). Reads go through the
// datasets (my-account-data.ts); files come whole with their name; a card payment is started online
// only (the contract's 'online-only': nothing to queue, the provider's page needs the network).
import { api } from '../../../contract/index';
import { call, callRaw } from '../../../data/api-call';
import { fileNameFromDisposition } from '../../../lib/download';

export type { CardPayment, FirmInvoice, Statement, StatementLine } from '../../../contract/my-account';

interface Ctx {
  companyId: number;
  signal?: AbortSignal;
}

/** A statement's period; absent dates: the server's default (the last 12 months). */
export interface Period {
  dateStart?: string;
  dateEnd?: string;
}

// A company gets one invoice a month from its firm: one page of 200 is years of them.
export const INVOICES_PAGE_SIZE = 200;

export const fetchInvoices = ({ companyId, signal }: Ctx) =>
  call(api.myAccount.invoices, { query: { page: 1, pageSize: INVOICES_PAGE_SIZE }, companyId, options: { signal } });

export interface NamedFile {
  blob: Blob;
  name: string;
}

async function named(res: Response, fallback: string): Promise<NamedFile> {
  return { blob: await res.blob(), name: fileNameFromDisposition(res.headers.get('content-disposition'), fallback) };
}

/** The invoice's stored PDF (the one the firm sent), with the server's file name. */
export async function fetchInvoicePdf(id: number, number: string, companyId: number, download: boolean) {
  const res = await callRaw(api.myAccount.invoicePdf, {
    params: { id },
    query: { download: download ? '1' : '0' },
    companyId,
  });
  return named(res, `${number}.pdf`);
}

export const fetchStatement = (period: Period, { companyId, signal }: Ctx) =>
  call(api.myAccount.getStatement, { query: period, companyId, options: { signal } });

export async function fetchStatementExport(period: Period, format: 'pdf' | 'csv', companyId: number) {
  const res = await callRaw(api.myAccount.exportStatement, {
    query: { ...period, format },
    companyId,
    options: { timeout: 120_000 },
  });
  return named(res, `extrait-de-compte.${format}`);
}

/** Creates the provider's payment session: an invoice, or the balance (null). */
export const startPayment = (invoiceId: number | null, companyId: number) =>
  call(api.myAccount.startPayment, { body: { invoiceId }, companyId });

export const fetchPayment = (id: number, { companyId, signal }: Ctx) =>
  call(api.myAccount.getPayment, { params: { id }, companyId, options: { signal } });
