// One function per endpoint of « Ma comptabilité » (src/contract/accounting.ts). Reads go through
// the datasets (accounting-data.ts); an answer to an information request goes through the outbox
// (its text and files wait on the device until the server has them); the FEC import is sent at once
// with its progress (online only).
import { api } from '../../../contract/index';
import type { FecImport, FecRefusal, SearchBody, SearchState } from '../../../contract/accounting';
import { call, callRaw, queued, type Answer } from '../../../data/api-call';
import { submitMutation, type MutationRequest } from '../../../data/outbox';
import { getSession } from '../../../lib/session';

export type {
  AccountTotals,
  AccountingExercise,
  FecFault,
  FecImport,
  FecRefusal,
  GreatBookLine,
  EntryLine,
  MonthlyDashboard,
  RequiredDetail,
  SearchState,
} from '../../../contract/accounting';

export type GreatBookPage = Answer<typeof api.accounting.greatBook>;
export type EntriesPage = Answer<typeof api.accounting.entries>;
export type AccountsDashboard = Answer<typeof api.accounting.dashboardAccounts>;
export type ResultDashboard = Answer<typeof api.accounting.dashboardResultLast>;
export type TreasuryAccounts = Answer<typeof api.accounting.dashboardTreasuryAccounts>;
export type AccountingJournal = Answer<typeof api.accounting.journals>[number];

interface Ctx {
  companyId: number;
  signal?: AbortSignal;
}

export const fetchPeriods = ({ companyId, signal }: Ctx) =>
  call(api.accounting.periods, { companyId, options: { signal } });

export interface GreatBookQuery {
  exercise?: number;
  dateStart?: string;
  dateEnd?: string;
  accounts?: string;
  /** Keyset cursor: the previous page's `next` (page is then ignored). */
  after?: string;
  page: number;
  pageSize: number;
}
export const fetchGreatBook = (query: GreatBookQuery, { companyId, signal }: Ctx) =>
  call(api.accounting.greatBook, { query, companyId, options: { signal } });

/** The selection's ledger as the server writes it (CSV), with its file name. */
export async function fetchGreatBookCsv(
  query: Omit<GreatBookQuery, 'page' | 'pageSize'>,
  companyId: number,
): Promise<{ blob: Blob; name: string | null }> {
  const res = await callRaw(api.accounting.greatBookExport, {
    query: { ...query, format: 'csv' },
    companyId,
    options: { timeout: 300_000 },
  });
  return { blob: await res.blob(), name: res.headers.get('content-disposition') };
}

export const fetchJournals = (query: { exercise?: number }, { companyId, signal }: Ctx) =>
  call(api.accounting.journals, { query, companyId, options: { signal } });

export const searchEntries = (body: SearchBody, { companyId, signal }: Ctx) =>
  call(api.accounting.entries, { body, companyId, options: { signal } });

export const fetchSearchState = ({ companyId, signal }: Ctx) =>
  call(api.accounting.getSearchState, { companyId, options: { signal } });

export const SEARCH_STATE_KIND = 'accountingSearch.save';
/** PUT /api/my-accounting, through the outbox (the latest state wins; replayed in order). */
export const saveSearchState = (companyId: number, state: SearchState) =>
  submitMutation<SearchState>({
    ...queued(api.accounting.saveSearchState, { body: state }),
    companyId,
    docKey: `accountingSearch:${companyId}`,
    label: 'Enregistrement de la recherche comptable',
    kind: SEARCH_STATE_KIND,
  });

const dashboardArgs = (exercise: number | undefined, { companyId, signal }: Ctx) => ({
  query: exercise ? { exercise } : {},
  companyId,
  options: { signal },
});
export const fetchDashboardAccounts = (exercise: number | undefined, ctx: Ctx) =>
  call(api.accounting.dashboardAccounts, dashboardArgs(exercise, ctx));
export const fetchResult = (exercise: number | undefined, ctx: Ctx) =>
  call(api.accounting.dashboardResultLast, dashboardArgs(exercise, ctx));
export const fetchIncomes = (exercise: number | undefined, ctx: Ctx) =>
  call(api.accounting.dashboardIncomes, dashboardArgs(exercise, ctx));
export const fetchExpenses = (exercise: number | undefined, ctx: Ctx) =>
  call(api.accounting.dashboardExpenses, dashboardArgs(exercise, ctx));
export const fetchTreasury = (exercise: number | undefined, ctx: Ctx) =>
  call(api.accounting.dashboardTreasury, dashboardArgs(exercise, ctx));
export const fetchTreasuryAccounts = (exercise: number | undefined, ctx: Ctx) =>
  call(api.accounting.dashboardTreasuryAccounts, dashboardArgs(exercise, ctx));

export interface RequestsQuery {
  status?: 'open' | 'answered' | 'closed';
  notification?: number;
  page: number;
  pageSize: number;
}
export const fetchRequests = (query: RequestsQuery, { companyId, signal }: Ctx) =>
  call(api.accounting.requiredDetails, { query, companyId, options: { signal } });

export const fetchRequest = (id: number, { companyId, signal }: Ctx) =>
  call(api.accounting.requiredDetailById, { params: { id }, companyId, options: { signal } });

export const fetchRequestFile = (id: number, fileId: number, companyId: number) =>
  call(api.accounting.requiredDetailFile, { params: { id, fileId }, companyId }) as Promise<Blob>;

// ——— Firm ———

export const fetchImports = (query: { page: number; pageSize: number }, { companyId, signal }: Ctx) =>
  call(api.accounting.imports, { query, companyId, options: { signal } });

export const createRequest = (
  companyId: number,
  body: { lineId: number; kind: 'document' | 'explanation'; question: string },
) =>
  call(api.accounting.createRequiredDetail, {
    body,
    companyId,
    options: { headers: { 'idempotency-key': crypto.randomUUID() } },
  });

export const REQUEST_KIND = 'requiredDetail';

export const closeRequest = (companyId: number, id: number, label: string) =>
  submitMutation({
    ...queued(api.accounting.closeRequiredDetail, { params: { id }, body: { closed: true } }),
    companyId,
    docKey: `requiredDetail:${id}`,
    label: `Clôture de la demande d’information « ${label} »`,
    kind: `${REQUEST_KIND}.close`,
  });

/**
 * An answer is one outbox entry: its text and every file as parts of one request, so the firm sees
 * one answer with its receipts, whenever the device gets them through.
 */
export function answerRequestEntry(
  companyId: number,
  request: { id: number; label: string },
  text: string,
  files: readonly File[],
): MutationRequest {
  const [first, ...more] = files;
  return {
    ...queued(api.accounting.answerRequiredDetail, { params: { id: request.id } }),
    companyId,
    docKey: `requiredDetail:${request.id}`,
    kind: `${REQUEST_KIND}.answer`,
    label: `Réponse à la demande d’information « ${request.label} »`,
    // The text alone: a form of fields only (outbox-types.ts, `field: ''`).
    file: first
      ? {
          blob: first,
          name: first.name,
          field: 'file',
          extra: { text },
          more: more.map((f) => ({ blob: f, name: f.name })),
        }
      : { blob: new Blob([]), name: '', field: '', extra: { text } },
  };
}

export const answerRequest = (
  companyId: number,
  request: { id: number; label: string },
  text: string,
  files: readonly File[],
) => submitMutation(answerRequestEntry(companyId, request, text, files));

/** POST /api/my-accounting/imports with the upload's progress; a 422 gives the refusal report. */
export function importFec(
  companyId: number,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): {
  done: Promise<
    { ok: true; value: FecImport } | { ok: false; status: number; refusal: FecRefusal | null; message: string }
  >;
  abort: () => void;
} {
  const xhr = new XMLHttpRequest();
  const done = new Promise<
    { ok: true; value: FecImport } | { ok: false; status: number; refusal: FecRefusal | null; message: string }
  >((resolve) => {
    xhr.open('POST', '/api/my-accounting/imports');
    xhr.setRequestHeader('x-company-id', String(companyId));
    xhr.setRequestHeader('idempotency-key', crypto.randomUUID());
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.total || file.size);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status === 201) resolve({ ok: true, value: body as FecImport });
      else {
        const b = body as Partial<FecRefusal> | null;
        resolve({
          ok: false,
          status: xhr.status,
          refusal: xhr.status === 422 && b && Array.isArray(b.faults) ? (b as FecRefusal) : null,
          message: b?.message ?? 'Une erreur est survenue lors de l’import du FEC.',
        });
      }
    };
    xhr.onerror = () =>
      resolve({ ok: false, status: 0, refusal: null, message: 'Le serveur est injoignable : vérifiez la connexion.' });
    xhr.onabort = () => resolve({ ok: false, status: 0, refusal: null, message: 'Import annulé.' });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
