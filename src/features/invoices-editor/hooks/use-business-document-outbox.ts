// This document's changes still in the outbox: waiting to be sent, or refused by the server
// during a background replay (with the server's French reasons).
import { useMemo } from 'react';
import { useOutboxEntries } from '../../../data/outbox-hooks';
import type { OutboxEntry } from '../../../data/outbox';

export interface BusinessDocumentOutbox {
  waiting: OutboxEntry[];
  failed: OutboxEntry[];
  validationPending: boolean;
}

/** docId: a temporary id is also created by entries of another document (a quote converted offline). */
export function useBusinessDocumentOutbox(
  docKey: string | null,
  docId: string | number | null,
): BusinessDocumentOutbox {
  const entries = useOutboxEntries();
  return useMemo(() => {
    const mine = (entries ?? []).filter(
      (e) => (docKey !== null && e.docKey === docKey) || (typeof docId === 'string' && e.createsTempId === docId),
    );
    const waiting = mine.filter((e) => e.state !== 'failed');
    return {
      waiting,
      failed: mine.filter((e) => e.state === 'failed'),
      validationPending: waiting.some((e) => e.kind === 'invoice.validate'),
    };
  }, [entries, docKey, docId]);
}
