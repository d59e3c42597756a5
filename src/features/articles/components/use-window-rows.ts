import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Rows virtualised against the page's own scroll (no scroll box inside the page, which on a
 * tablet traps the finger): the list's distance from the top of the document is measured again
 * whenever the page above it changes height (banner closed, window resized).
 */
export function useWindowRows(count: number, rowHeight: number, key: (index: number) => string) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = listRef.current;
      if (el) setOffset(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => rowHeight, overscan: 8, scrollMargin: offset, getItemKey: key });
  return { listRef, virtualizer, offset };
}
