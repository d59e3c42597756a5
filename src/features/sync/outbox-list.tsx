import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { retryOutboxEntry, type OutboxEntry } from '../../data/outbox';
import { OutboxEntryItem } from './outbox-entry-item';

/** A queue can hold hundreds of changes after a long day offline: only the visible ones render. */
export function OutboxList({ entries, onEdit, onDiscard }: { entries: OutboxEntry[]; onEdit: (e: OutboxEntry) => void; onDiscard: (e: OutboxEntry) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: entries.length, getScrollElement: () => scrollRef.current, estimateSize: () => 150, overscan: 6, gap: 8, getItemKey: (i) => entries[i].id });
  const now = Date.now();
  // Entries behind a refused change of the same document (they come later in the list).
  const blocked = new Set<string>();
  const refusedDocs = new Set<string>();
  for (const e of entries) {
    if (refusedDocs.has(e.docKey)) blocked.add(e.id);
    if (e.state === 'failed') refusedDocs.add(e.docKey);
  }
  if (entries.length === 0) return null;
  return (
    <div ref={scrollRef} style={{ height: 'calc(100dvh - 300px)', minHeight: 240, overflowY: 'auto' }} role="list" aria-label="Modifications en attente">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          return (
            <div key={item.key} role="listitem" data-index={item.index} ref={virtualizer.measureElement} style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}>
              <OutboxEntryItem entry={entry} now={now} blocked={blocked.has(entry.id)} onRetry={() => void retryOutboxEntry(entry.id)} onEdit={() => onEdit(entry)} onDiscard={() => onDiscard(entry)} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
