// The app's build resolves `zod` to this module (vite.config.ts, decision 031). The browser never
// validates with the contract's schemas: the server does, and the client reads of each endpoint
// only its method, path, offline mode and which answers are files (data/api-call.ts). Building the
// ~400 schemas at start-up cost a repeat visit about 100 ms of main thread (400 ms on a 4× slower
// phone) and ~20 KB gzip of code. Here every schema is one inert value: any chain of calls and
// properties gives it back; `in` finds nothing (so `'file' in schema` is false); parsing throws, so
// a browser-side validation added later fails loudly instead of passing everything.
// Tests (vitest) and the server use the real zod.

const refuse = () => {
  throw new Error(
    'zod n’est pas chargé dans l’application : les schémas du contrat valident sur le serveur (décision 031).',
  );
};
const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode', 'spa']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stands for any zod value
const inert: any = new Proxy(function schema() {}, {
  get: (_target, key) => {
    if (typeof key === 'string' && PARSERS.has(key)) return refuse;
    if (key === 'then') return undefined; // not a promise
    if (key === Symbol.toPrimitive) return () => '';
    return inert;
  },
  apply: () => inert,
  construct: () => inert,
  has: () => false,
});

export const z = inert;
export default inert;
