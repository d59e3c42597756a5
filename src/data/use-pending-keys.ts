// Which rows of a list still have a change waiting in the outbox ("En attente d’envoi").
import { useMemo } from 'react';
import { useOutboxEntries } from './outbox-hooks';

/** prefix 'customer' → the account numbers of the 'customer:<accountNumber>' entries; 'item' → article ids. */
export function usePendingKeys(prefix: string): ReadonlySet<string> {
  const entries = useOutboxEntries();
  return useMemo(() => {
    const head = `${prefix}:`;
    return new Set((entries ?? []).filter((e) => e.docKey.startsWith(head)).map((e) => e.docKey.slice(head.length)));
  }, [entries, prefix]);
}
