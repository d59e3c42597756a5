import { Skeleton } from '@mantine/core';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useWindowRows } from './use-window-rows';

interface Props {
  label: string;
  /** undefined while the first page loads: skeleton cards. */
  count: number | undefined;
  itemKey: (index: number) => string | number;
  renderCard: (index: number) => ReactNode;
  /** A first guess of a card's height; each card is then measured (badges may wrap). */
  estimate?: number;
  busy?: boolean;
  /** The last index drawn, to load the next page of a long list. */
  onRange?: (lastIndex: number) => void;
}

const LIST: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
/** A short list of cards drawn whole (a dozen invoices, a page of users), 8 px apart. */
export const CARD_LIST: CSSProperties = { ...LIST, display: 'flex', flexDirection: 'column', gap: 8 };
export const CARD: CSSProperties = {
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 8,
  padding: '8px 8px 8px 12px',
  background: 'var(--mantine-color-body)',
  display: 'flex',
  gap: 8,
  alignItems: 'flex-start',
  minWidth: 0,
};

/**
 * A phone's version of the lists (decision 013): one card per row in a real list, still
 * virtualised against the page's scroll like the tables (10 000 rows stay smooth), each card
 * measured once drawn since its badges or names may take two lines.
 */
export function PhoneCardList({ label, count, itemKey, renderCard, estimate = 112, busy, onRange }: Props) {
  const { listRef, virtualizer, offset } = useWindowRows(count ?? 0, estimate, itemKey);
  const items = virtualizer.getVirtualItems();
  const last = items.length ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (last >= 0) onRange?.(last);
  }, [last, onRange]);

  if (count === undefined) {
    return (
      <ul role="list" aria-label={label} aria-busy style={LIST}>
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} style={{ ...CARD, marginBottom: 8, display: 'block' }}>
            <Skeleton height={16} mb={8} />
            <Skeleton height={16} width="60%" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div ref={listRef} style={{ opacity: busy ? 0.55 : 1, transition: 'opacity 120ms' }}>
      <ul
        role="list"
        aria-label={label}
        aria-busy={busy}
        style={{ ...LIST, height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: 8,
              transform: `translateY(${item.start - offset}px)`,
            }}
          >
            {renderCard(item.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
