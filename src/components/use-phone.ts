import { useMediaQuery } from '@mantine/hooks';

/**
 * Below 36em (a phone, 390 px) the lists show cards instead of columns (decision 013). Read
 * at the first render, not in an effect: a list must not draw its table once before the cards.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
}

/**
 * A table of figures on a phone: smaller type and tighter cells, so that amounts kept whole
 * (« 34 893,63 € ») fit the card instead of being cut off or scrolled sideways (decisions 066, 068).
 */
export const PHONE_FIGURES = { fz: 'xs', horizontalSpacing: 6 } as const;
