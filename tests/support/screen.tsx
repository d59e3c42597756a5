// Component tests (jsdom): what Mantine needs that jsdom lacks, and one way to render a screen.
// Shared by every `*.screen.test.tsx` (decision 018).
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { theme } from '../../src/theme';

/** Media queries, element sizes, scrolling and fonts: jsdom has none, Mantine measures with them. */
export function installJsdomGaps(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
  }
}

/** Renders inside the app's theme, with the toast host. */
export const renderScreen = (ui: ReactNode) =>
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      {ui}
    </MantineProvider>,
  );

/** Nothing outlives a test: the rendered tree and the toasts' global store. */
export function cleanScreen(): void {
  cleanup();
  notifications.clean();
}
