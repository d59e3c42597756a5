// Back online, the device first sends what it queued, then refreshes its copies. A list fetched
// while the replay still runs shows the server without the device's own changes (refetched right
// after anyway) and competes with the replay for the server: with a thousand queued changes, the
// home screen's dozen refreshes made the replay a third slower (decision 048). The wait is bounded: a
// long upload on a slow line never keeps the screens on an old copy for more than a few seconds.

export const REPLAY_FIRST_MAX_MS = 5_000;

let replay: () => Promise<unknown> = () => Promise.resolve();

/** Given once by start.ts: the outbox's replay (calls made while one runs share its follow-up). */
export function setReplayFirst(fn: () => Promise<unknown>): void {
  replay = fn;
}

/** Resolves when the outbox has sent what it could (or after REPLAY_FIRST_MAX_MS); never rejects. */
export function afterReplay(maxMs = REPLAY_FIRST_MAX_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  const replayed = replay().then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([replayed, bound]).finally(() => clearTimeout(timer));
}
