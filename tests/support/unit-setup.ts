import 'fake-indexeddb/auto';
import { afterEach, vi } from 'vitest';

// A console.error during a test is a failing test (house rule).
const originalError = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error appelé pendant le test : ${String(seen[0][0])}`);
});
