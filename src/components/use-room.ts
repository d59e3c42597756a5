import { useElementSize, useMediaQuery } from '@mantine/hooks';

/** The least width of a CSS grid template: its pixel tracks and the floors of its minmax() tracks. */
export function gridMinWidth(template: string): number {
  return [...template.matchAll(/(\d+)px/g)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/**
 * Whether a table has room for its wide set of columns (`needed` px), judged by its own width, not
 * the screen's: the 280 px menu beside the page (from 75em) and the page's own padding are not the
 * screen's. Judged by the screen from 62em, a 1 180 px landscape tablet left the invoice list about
 * 870 px for about 1 030 px of columns, and the page scrolled sideways (decision 067). Until the table
 * is measured (its first frame, jsdom), the screen's width decides, as before.
 */
export function useRoomFor(needed: number) {
  const { ref, width } = useElementSize();
  const wideScreen = useMediaQuery('(min-width: 62em)', true);
  // The table's 1 px borders are inside the measured box.
  const wide = width > 0 ? width - 2 >= needed : wideScreen;
  return { ref, wide };
}
