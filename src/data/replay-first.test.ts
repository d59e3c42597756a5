// Back online, the screens' copies are refreshed once the outbox has sent its queue (replay-first.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterReplay, setReplayFirst } from './replay-first';

afterEach(() => {
  vi.useRealTimers();
  setReplayFirst(() => Promise.resolve());
});

describe('afterReplay: the queued changes first, then the refreshes', () => {
  it('waits for the replay under way and asks for one', async () => {
    let finish!: () => void;
    const replay = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    setReplayFirst(replay);
    let refreshed = false;
    const done = afterReplay().then(() => (refreshed = true));
    await Promise.resolve();
    expect(replay).toHaveBeenCalledTimes(1);
    expect(refreshed).toBe(false);
    finish();
    await done;
    expect(refreshed).toBe(true);
  });

  it('a replay that fails (server down again) still lets the refresh try', async () => {
    setReplayFirst(() => Promise.reject(new Error('Failed to fetch')));
    await expect(afterReplay()).resolves.toBeUndefined();
  });

  it('a long upload does not keep the screens on an old copy: the wait is bounded', async () => {
    vi.useFakeTimers();
    setReplayFirst(() => new Promise<void>(() => undefined)); // a 50 Mo photo on a slow line
    let refreshed = false;
    const done = afterReplay(5_000).then(() => (refreshed = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(refreshed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(refreshed).toBe(true);
  });
});
