// One function per endpoint of « Mon compte » (src/contract/my-account.ts). Reads go through the
// datasets (my-account-data.ts); files come whole with their name; a card payment is started online
// only (the contract's 'online-only': nothing to queue, the provider's page needs the network).
import { api } from '../../../contract/index';
import { call, callRaw, type Answer } from '../../../data/api-call';
import { fetchAllPages } from '../../../data/datasets';
import { fileNameFromDisposition } from '../../../lib/download';

export type { CardPayment, FirmInvoice, FirmLink, Statement, StatementLine } from '../../../contract/my-account';

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

// The firm's link of a client company to its customer record (firm staff only, online only: a
// setting read back at once, nothing to queue).

/** The client company's current link, or null (not company-scoped: the firm follows every company). */
export const fetchLink = (company: number, { companyId, signal }: Ctx) =>
  call(api.myAccount.getLink, { params: { company }, companyId, options: { signal } });

/** Links the client company to the firm company's customer record (404, 409: the server's message). */
export const saveLink = (company: number, body: { firmCompanyId: number; customerId: number }) =>
  call(api.myAccount.putLink, { params: { company }, body, companyId: company });

/** A customer record of the firm company, as the invoicing module's customer list gives it. */
export type FirmCustomer = Answer<typeof api.catalogue.listCustomers>['items'][number];

/** Every customer of the firm company, through the invoicing module's list (X-Company-Id: the firm). */
export const fetchFirmCustomers = (firmCompanyId: number) =>
  fetchAllPages<FirmCustomer>(api.catalogue.listCustomers, firmCompanyId);
