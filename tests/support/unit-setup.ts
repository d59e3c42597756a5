import 'fake-indexeddb/auto';
import { afterEach, vi } from 'vitest';
import { failOnConsoleError } from './console-guard';

// A console.error during a test is a failing test (house rule; allowConsoleError for an expected one).
failOnConsoleError();
// The unit project shares a worker between files (isolate: false, decision 017): nothing a test
// mocked may outlive it. Stubbed globals and env variables are undone by the project's config.
afterEach(() => {
  vi.restoreAllMocks();
});
