import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { OutboxEntry } from '../../data/outbox';
import { findTempIds } from '../../data/temp-ids';
import { waitingForText } from './labels';
import { OutboxEntryItem, type EntryAction } from './outbox-entry-item';

/**
 * Why each entry waits for another: behind a refused change of the same document, or behind the
 * creation of a customer or document it names (a temporary reference not resolved yet).
 */
export function waitReasons(
  all: readonly OutboxEntry[],
  subjects: ReadonlyMap<string, string>,
): { blocked: Set<string>; waitingFor: Map<string, string> } {
  const blocked = new Set<string>();
  const refusedDocs = new Set<string>();
  const creators = new Map(all.filter((e) => e.createsTempId).map((e) => [e.createsTempId as string, e]));
  const waitingFor = new Map<string, string>();
  for (const e of all) {
    if (refusedDocs.has(e.docKey)) blocked.add(e.id);
    if (e.state === 'failed') refusedDocs.add(e.docKey);
    const creator = findTempIds(e.path, e.body, e.file?.extra)
      .map((t) => creators.get(t))
      .find((c) => c && c.id !== e.id && c.docKey !== e.docKey);
    if (creator) waitingFor.set(e.id, waitingForText(creator, subjects.get(creator.id) ?? creator.label));
  }
  return { blocked, waitingFor };
}

/** A queue can hold hundreds of changes after a long day offline: only the visible ones render. */
export function OutboxList({
  entries,
  all,
  subjects,
  label,
  onEdit,
  onAction,
}: {
  entries: OutboxEntry[];
  all: OutboxEntry[];
  subjects: ReadonlyMap<string, string>;
  label: string;
  onEdit: (e: OutboxEntry) => void;
  onAction: (e: OutboxEntry, action: EntryAction) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 150,
    overscan: 6,
    gap: 8,
    getItemKey: (i) => entries[i].id,
  });
  const now = Date.now();
  const { blocked, waitingFor } = waitReasons(all, subjects);
  if (entries.length === 0) return null;
  return (
    <div
      ref={scrollRef}
      style={{ maxHeight: 'calc(100dvh - 300px)', overflowY: 'auto' }}
      role="list"
      aria-label={label}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const entry = entries[item.index];
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <OutboxEntryItem
                entry={entry}
                subject={subjects.get(entry.id) ?? entry.label}
                now={now}
                blocked={blocked.has(entry.id)}
                waitingFor={waitingFor.get(entry.id) ?? null}
                onEdit={() => onEdit(entry)}
                onAction={(action) => onAction(entry, action)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
