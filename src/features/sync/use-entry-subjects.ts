// Names the waiting changes from what this device holds (src/data/outbox-facts.ts: the kept
// quote/invoice rows and detail, the local drafts, the kept customers).
import { useMemo } from 'react';
import type { OutboxEntry } from '../../data/outbox';
import { useEntryFacts } from '../../data/outbox-facts';
import { entrySubject } from './labels';

/** entry id → its subject (« Devis D2026-0023 — Mairie de Royan »…); labels until read. */
export function useEntrySubjects(entries: readonly OutboxEntry[]): Map<string, string> {
  const facts = useEntryFacts(entries);
  return useMemo(() => new Map(entries.map((e) => [e.id, entrySubject(e, facts?.get(e.id))])), [entries, facts]);
}
