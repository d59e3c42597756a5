/**
 * A reason the server cannot start that the operator can fix (a folder, a variable).
 * index.ts prints only its French message and exits 1: no stack trace of bundled code.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
