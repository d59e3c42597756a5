import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

// House rule (decision 017): a console.error the test did not announce is a failing test. The server
// logs real faults there (app.ts onError, a batch that stopped), so an API test that passes while the
// server logged a fault hides a bug. A test that provokes one on purpose says so: allowConsoleError.

interface Guard {
  seen: string[];
  allowed: RegExp[];
}
const KEY = Symbol.for('workplace.consoleGuard');
const holder = globalThis as typeof globalThis & { [KEY]?: Guard };

/** Wraps console.error once per worker (setup files run again for each file when isolate is false). */
function guard(): Guard {
  if (!holder[KEY]) {
    const state: Guard = { seen: [], allowed: [] };
    const original = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      const text = format(...args);
      if (state.allowed.some((p) => p.test(text))) return; // announced: kept quiet
      state.seen.push(text);
      original(...args);
    };
    holder[KEY] = state;
  }
  return holder[KEY];
}

/** In the current test only: a console.error matching `pattern` is expected (not printed, not a failure). */
export function allowConsoleError(pattern: RegExp): void {
  guard().allowed.push(pattern);
}

function check(when: string): void {
  const state = guard();
  const seen = state.seen;
  state.seen = [];
  state.allowed = [];
  if (seen.length > 0) throw new Error(`console.error inattendu ${when} : ${seen[0].slice(0, 500)}`);
}

/** Registers the check after each test and after the file's hooks (setup files call it). */
export function failOnConsoleError(): void {
  guard();
  afterEach(() => check('pendant le test'));
  afterAll(() => check('pendant la préparation ou la fin du fichier'));
}
