// One list screen's rows. Online: the server filters, sorts and pages (500 rows a page, the next
// page asked for as the user nears the end), read through the sync layer (decision 022: paged
// queries kept in memory, refreshed by the same triggers as every read). Offline, or when the
// server cannot be reached: the device's copy, through the same filters (list-model.ts).
// Documents created on the device and still in the outbox are shown first in both cases.
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { invoicesData, quotesData } from '../../data/datasets';
import { useServerRows } from '../../data/sync/use-server-rows';
import { useServerPages } from '../../data/sync/use-server-pages';
import { useOnline } from '../../lib/online';
import { currentCompanyAtom } from '../../lib/session';
import { LIST_PAGE_SIZE, type ListPage } from './api/list-api';
import { pagesOf } from './invoices-lists-data';
import { sortDocuments } from './list-model';

type Row = { id: number | string; number: string | null };

export interface ListSource<R extends Row, Q> {
  dataset: 'invoices' | 'quotes';
  /** null: the filters contradict each other, nothing can match. */
  query: Q | null;
  fetchPage: (companyId: number, query: Q, page: number, signal?: AbortSignal) => Promise<ListPage<R>>;
  filterLocal: (rows: readonly R[], query: Q | null) => R[];
  /** Created on the device, not yet sent. */
  localRows: readonly R[];
}

export interface BusinessDocumentList<R> {
  /** undefined while the first answer (or the device's copy) is awaited: skeleton rows. */
  rows: R[] | undefined;
  total: number;
  source: 'server' | 'device';
  /** The server failed: the device's copy is shown instead. */
  serverFailed: boolean;
  /** Rows of earlier filters are still shown while the new answer comes. */
  stale: boolean;
  fetchedAt: number | null;
  loadingMore: boolean;
  /** The table reports the last row it renders; near the end the next page is fetched. */
  onRange: (lastIndex: number) => void;
  patchRow: (id: string | number, patch: (row: R) => R) => void;
  retry: () => void;
}

// A company id no row has: while the server answers, the device's copy is not read at all
// (10 000 rows read from IndexedDB on every change would cost the online screen for nothing).
const NO_COMPANY = -1;
const LOAD_AHEAD = 150;

export function useBusinessDocumentList<R extends Row, Q>({
  dataset,
  query,
  fetchPage,
  filterLocal,
  localRows,
}: ListSource<R, Q>): BusinessDocumentList<R> {
  const online = useOnline();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const def = pagesOf<R, Q>(dataset, fetchPage);
  const key = JSON.stringify([companyId, query]);
  const [asked, setAsked] = useState({ key, count: 1 });
  const count = asked.key === key ? asked.count : 1;
  const read = useServerPages(def, online && query !== null ? { query } : null, count);
  const first = read.entries[0];
  // The server failed (or could not be reached): the device's copy instead, until it answers again.
  const failed =
    online &&
    query !== null &&
    read.pages[0] === undefined &&
    (first?.status === 'error' || first?.status === 'offline');
  const useServer = online && !failed;
  const cached = useServerRows<R>(
    dataset === 'invoices' ? invoicesData : quotesData,
    useServer ? NO_COMPANY : undefined,
  );

  // The server's rows: pages in order, never a row twice (a document created meanwhile shifts pages).
  const server = useMemo(() => {
    if (query === null) return { rows: [] as R[], total: 0, done: true };
    if (read.pages[0] === undefined) return null;
    const seen = new Set<string | number>();
    const rows: R[] = [];
    let total = 0;
    let done = false;
    for (const p of read.pages) {
      if (!p) break;
      for (const r of p.items)
        if (!seen.has(r.id)) {
          seen.add(r.id);
          rows.push(r);
        }
      total = Math.max(p.total, rows.length);
      done = p.items.length < LIST_PAGE_SIZE || rows.length >= p.total;
    }
    return { rows, total, done };
  }, [query, read.pages]);
  // Rows of earlier filters stay on screen (dimmed) while the new answer comes: the last server rows
  // are state, replaced during render when new ones come (React renders again at once, before committing).
  const [previous, setPrevious] = useState<{ rows: R[]; total: number } | null>(server);
  if (server && server !== previous) setPrevious(server);
  const loadingMore = read.entries.slice(1).some((e) => e?.status === 'refreshing' && e.data === undefined);

  const onRange = useCallback(
    (lastIndex: number) => {
      if (!useServer || !server || server.done || loadingMore || query === null) return;
      if (lastIndex < server.rows.length + localRows.length - LOAD_AHEAD) return;
      if (read.pages.length === count && read.pages[count - 1] !== undefined) setAsked({ key, count: count + 1 });
    },
    [useServer, server, loadingMore, query, localRows.length, read.pages, count, key],
  );

  const local = useMemo(() => filterLocal(sortDocuments(localRows), query), [localRows, query, filterLocal]);
  const deviceSorted = useMemo(() => {
    if (useServer || !cached.rows) return undefined;
    const localIds = new Set(localRows.map((r) => r.id));
    return sortDocuments([...localRows, ...cached.rows.filter((r) => !localIds.has(r.id))]);
  }, [useServer, cached.rows, localRows]);
  const deviceRows = useMemo(
    () => (deviceSorted ? filterLocal(deviceSorted, query) : undefined),
    [deviceSorted, query, filterLocal],
  );

  const { pages, patchPage, refresh } = read;
  const patchRow = useCallback(
    (id: string | number, patch: (row: R) => R) => {
      const index = pages.findIndex((p) => p?.items.some((r) => r.id === id));
      const page = pages[index];
      if (page) patchPage(index, { ...page, items: page.items.map((r) => (r.id === id ? patch(r) : r)) });
    },
    [pages, patchPage],
  );
  const retry = useCallback(() => void refresh(), [refresh]);

  const shown = server ?? previous;
  const serverRows = useMemo(() => (shown ? [...local, ...shown.rows] : undefined), [shown, local]);
  if (!useServer) {
    return {
      rows: deviceRows,
      total: deviceRows?.length ?? 0,
      source: 'device',
      serverFailed: failed,
      stale: false,
      fetchedAt: cached.fetchedAt,
      loadingMore: false,
      onRange,
      patchRow,
      retry,
    };
  }
  return {
    rows: serverRows,
    total: (shown?.total ?? 0) + local.length,
    source: 'server',
    serverFailed: false,
    stale: !server && !!shown,
    fetchedAt: null,
    loadingMore,
    onRange,
    patchRow,
    retry,
  };
}
