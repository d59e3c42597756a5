import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = ['#e8f1fa', '#d0e1f2', '#a3c2e4', '#72a1d6', '#4a85ca', '#3173c3', '#2368b8', '#1c5d99', '#134f86', '#034274'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 4 },
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { size: 'sm' } },
  },
});

/** Mantine's default "dimmed" grey is below 4.5:1 on light backgrounds (axe color-contrast). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
