import { useMediaQuery } from '@mantine/hooks';

/**
 * The admin dialogs hold grids of seven permission columns: below a laptop's width (a tablet at
 * 820 px, a phone) they take the whole screen rather than clip a column behind a scroll bar.
 */
export function useDialogSize(): { fullScreen: boolean; size: string } {
  const narrow = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  return { fullScreen: narrow, size: '64rem' };
}

/** The dialog's buttons stay in view under a long grid (the dialog scrolls, they do not). */
export const STICKY = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  paddingBlock: 'var(--mantine-spacing-sm)',
  borderTop: '1px solid var(--mantine-color-default-border)',
} as const;
