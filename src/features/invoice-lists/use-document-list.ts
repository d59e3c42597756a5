// One list screen's rows. Online: the server filters, sorts and pages (500 rows a page, the next
// page loaded as the user nears the end). Offline, or when the server cannot be reached: the
// device's copy, through the same filters (list-model.ts). Documents created on the device and
// still in the outbox are shown first in both cases.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCachedRows } from '../../data/cache-hooks';
import { useOnline } from '../../lib/online';
import { currentCompanyAtom } from '../../lib/session';
import { LIST_PAGE_SIZE, type ListPage } from './api/list-api';
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

export interface DocumentList<R> {
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

interface ServerState<R> { key: string; rows: R[]; total: number; pages: number; done: boolean }

export function useDocumentList<R extends Row, Q>({ dataset, query, fetchPage, filterLocal, localRows }: ListSource<R, Q>): DocumentList<R> {
  const online = useOnline();
  const companyId = useAtomValue(currentCompanyAtom)?.id;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const useServer = online && !failed;
  const cached = useCachedRows<R>(dataset, useServer ? NO_COMPANY : undefined);
  const [server, setServer] = useState<ServerState<R> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const busy = useRef(false);
  // Back online, the server's list is read again (changes were made meanwhile).
  const key = JSON.stringify([companyId, query, attempt, online]);

  useEffect(() => {
    if (online) setFailed(false);
  }, [online]);

  // A document created on the device has reached the server: its row now comes from the server.
  const localCount = useRef(localRows.length);
  useEffect(() => {
    if (localRows.length < localCount.current) setAttempt((a) => a + 1);
    localCount.current = localRows.length;
  }, [localRows.length]);

  useEffect(() => {
    if (!useServer || companyId == null) return;
    if (query === null) {
      setServer({ key, rows: [], total: 0, pages: 1, done: true });
      return;
    }
    const ctrl = new AbortController();
    fetchPage(companyId, query, 1, ctrl.signal).then(
      (p) => setServer({ key, rows: p.items, total: p.total, pages: 1, done: p.items.length < LIST_PAGE_SIZE || p.items.length >= p.total }),
      () => {
        if (!ctrl.signal.aborted) setFailed(true);
      },
    );
    return () => ctrl.abort();
    // query, companyId and attempt are all in key.
  }, [key, useServer, fetchPage]);

  const onRange = useCallback((lastIndex: number) => {
    const s = server;
    if (!useServer || !s || s.key !== key || s.done || busy.current || companyId == null || query === null) return;
    if (lastIndex < s.rows.length + localRows.length - LOAD_AHEAD) return;
    busy.current = true;
    setLoadingMore(true);
    fetchPage(companyId, query, s.pages + 1)
      .then((p) => setServer((cur) => {
        if (!cur || cur.key !== s.key) return cur;
        // A document created meanwhile shifts the pages: never show a row twice.
        const seen = new Set(cur.rows.map((r) => r.id));
        const rows = [...cur.rows, ...p.items.filter((r) => !seen.has(r.id))];
        return { ...cur, rows, pages: cur.pages + 1, total: Math.max(p.total, rows.length), done: p.items.length < LIST_PAGE_SIZE || rows.length >= p.total };
      }))
      .catch(() => undefined) // the next scroll asks again
      .finally(() => {
        busy.current = false;
        setLoadingMore(false);
      });
  }, [server, useServer, key, companyId, query, fetchPage, localRows.length]);

  const local = useMemo(() => filterLocal(sortDocuments(localRows), query), [localRows, query, filterLocal]);
  const deviceSorted = useMemo(() => {
    if (useServer || !cached.rows) return undefined;
    const localIds = new Set(localRows.map((r) => r.id));
    return sortDocuments([...localRows, ...cached.rows.filter((r) => !localIds.has(r.id))]);
  }, [useServer, cached.rows, localRows]);
  const deviceRows = useMemo(() => (deviceSorted ? filterLocal(deviceSorted, query) : undefined), [deviceSorted, query, filterLocal]);

  const patchRow = useCallback((id: string | number, patch: (row: R) => R) => {
    setServer((cur) => (cur ? { ...cur, rows: cur.rows.map((r) => (r.id === id ? patch(r) : r)) } : cur));
  }, []);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((a) => a + 1);
  }, []);

  const serverRows = useMemo(() => (server ? [...local, ...server.rows] : undefined), [server, local]);
  if (!useServer) {
    return { rows: deviceRows, total: deviceRows?.length ?? 0, source: 'device', serverFailed: failed, stale: false, fetchedAt: cached.fetchedAt, loadingMore: false, onRange, patchRow, retry };
  }
  return {
    rows: serverRows, total: (server?.total ?? 0) + local.length, source: 'server', serverFailed: false, stale: !!server && server.key !== key,
    fetchedAt: null, loadingMore, onRange, patchRow, retry,
  };
}
