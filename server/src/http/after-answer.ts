import type { Deps } from './types';
import { loggableError } from '../db/loggable-error';

// Work a route leaves for after its answer (decision 075): what must not make
// the answer slower on one path than on another (« Mot de passe oublié » looked a known login up,
// stored its link and wrote its mail before answering, so its time told which logins exist).
// The job is kept with the server's inbox batches (deps.state.batches, under a negative id that
// no batch has): a stop waits for it before closing the database (server.ts), and a test can wait
// for it (Promise.allSettled of the map's values) before reading the mail.

let lastId = 0;

/**
 * How long after the answer the work starts. The answer is written to the socket at once, but the
 * work's database statements run on the server's one thread (PGlite executes in it): started at
 * the next turn of the event loop they delayed the reading of the answer by a client in the same
 * process (the API tests), and a remote client's next request. 20 ms lets both go first.
 */
export const AFTER_ANSWER_DELAY_MS = 20;

/** Runs `work` once the answer has left; a failure is logged with `failure`, never thrown. */
export function afterAnswer(deps: Pick<Deps, 'state'>, failure: string, work: () => Promise<void>): Promise<void> {
  const id = --lastId;
  const jobs = deps.state.batches;
  const job = new Promise<void>((resolve) => setTimeout(resolve, AFTER_ANSWER_DELAY_MS))
    .then(work)
    .catch((error: unknown) => console.error(failure, loggableError(error)))
    .finally(() => jobs.delete(id));
  jobs.set(id, job);
  return job;
}
