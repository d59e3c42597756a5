import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Rows virtualised against the page's own scroll (a scroll box inside the page traps the finger on
 * a tablet): the list's distance from the top of the document is measured again whenever the page
 * above it changes height (filters wrapping, banner closed, window resized).
 */
export function useWindowRows(count: number, rowHeight: number, key: (index: number) => string | number) {
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
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin: offset,
    getItemKey: key,
  });
  return { listRef, virtualizer, offset };
}
