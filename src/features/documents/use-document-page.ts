import { useEffect, useState } from 'react';
import { fetchDocuments, type DocumentPage, type DocumentQuery } from './api/documents-api';

/** One page of documents for the query; null while loading; 'error' when the server could not answer. */
export function useDocumentPage(query: DocumentQuery | null, reloadKey: number) {
  const [data, setData] = useState<DocumentPage | null | 'error'>(null);
  const key = query ? JSON.stringify(query) : null;

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setData(null);
    fetchDocuments(query, controller.signal).then(setData, () => !controller.signal.aborted && setData('error'));
    return () => controller.abort();
    // The key stands for the query's content (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloadKey]);

  return [data, setData] as const;
}
