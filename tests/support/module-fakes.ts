// Module mocks that survive the unit project's shared module cache (isolate: false, decision 017).
// There, the first file that mocks a module fixes its mocked copy for every later file of the
// worker, and a module cached before a mock keeps its real imports. So a screen test never gives
// vi.mock its own closures: the factory returns `delegating(actual, names)`, whose functions call
// one shared vi.fn per name, which runs the real function until a test answers otherwise. Every
// file mocking the module the same way gets the same copy, and a file that mocks nothing still
// gets the real behaviour.
//
//   vi.mock('./api/documents', async (actual) =>
//     (await import('../../../tests/support/module-fakes')).delegating(await actual(), ['loadBusinessDocument']));
//   fake('loadBusinessDocument').mockResolvedValue(…);   afterEach(resetFakes);
import { vi, type Mock } from 'vitest';

type AnyFn = (...args: any[]) => any;
const fakes = new Map<string, { fn: Mock<AnyFn>; real: AnyFn }>();

/** The module with `names` replaced by functions that call the shared fakes (the rest untouched). */
export function delegating<T extends object>(actual: T, names: readonly (keyof T & string)[]): T {
  const out: Record<string, unknown> = { ...(actual as Record<string, unknown>) };
  for (const name of names) {
    const real = (actual as Record<string, AnyFn>)[name];
    if (!fakes.has(name)) fakes.set(name, { fn: vi.fn(real), real });
    out[name] = (...args: unknown[]) => fakes.get(name)!.fn(...args);
  }
  return out as T;
}

/** The shared vi.fn of a mocked function (calls recorded; answers set by the test). */
export function fake(name: string): Mock<AnyFn> {
  const entry = fakes.get(name);
  if (!entry) throw new Error(`${name} n’est pas simulé : aucun vi.mock ne l’a confié à delegating()`);
  return entry.fn;
}

/** After each test: every fake forgets its calls and runs the real function again. */
export function resetFakes(): void {
  for (const { fn, real } of fakes.values()) {
    fn.mockReset();
    fn.mockImplementation(real);
  }
}
