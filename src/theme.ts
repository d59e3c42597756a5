import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e8f1fa',
  '#d0e1f2',
  '#a3c2e4',
  '#72a1d6',
  '#4a85ca',
  '#3173c3',
  '#2368b8',
  '#1c5d99',
  '#134f86',
  '#034274',
];

// Filled buttons and badges use shade 7: Mantine's red.7 and green.7 give white text below 4.5:1.
// Shades 7–9 are shifted darker so "Supprimer" or "Valider" stay readable (axe color-contrast).
const darker = (base: readonly string[], tail: [string, string, string]) =>
  [...base.slice(0, 7), ...tail] as unknown as MantineColorsTuple;
const red = darker(DEFAULT_THEME.colors.red, ['#c92a2a', '#b02525', '#962020']);
const green = darker(DEFAULT_THEME.colors.green, ['#2b8a3e', '#237032', '#1b5727']);

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 4 },
  colors: { brand, red, green },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  // Users who ask their system for less motion get none: modals, drawers and menus open at once
  // (the e2e suite runs with reduced motion too, so it never waits for an animation).
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { size: 'sm' } },
    // The × that clears a field (dates, customer, filters) was 22 px, under the 24 px a finger needs
    // (WCAG 2.5.8); 28 px still fits the 36 px field's right section.
    InputClearButton: { defaultProps: { size: 'md' } },
  },
});

/**
 * Mantine's default "dimmed" grey is below 4.5:1 on light backgrounds (axe color-contrast), and so is
 * its placeholder grey (gray.5, 2.1:1): a FileInput's « Choisir des fichiers » is real text that axe
 * checks. The placeholder keeps a lighter grey than the dimmed text, at 5.4:1 on white.
 * A field's error message is red.6 by default (#fa5252, 3.3:1 on white): red.7 reads at 5.6:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#636b72',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
