import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, shouldReloadAfterChunkError } from './lazy-screen';

describe('reload guard for failed screen loading (NAV-8, 60000 ms)', () => {
  it('reloads the first time', () => expect(shouldReloadAfterChunkError(null, 1000)).toBe(true));
  it('does not reload twice within 60 seconds', () =>
    expect(shouldReloadAfterChunkError(1000, 1000 + RELOAD_GUARD_MS)).toBe(false));
  it('reloads again after 60 seconds', () =>
    expect(shouldReloadAfterChunkError(1000, 1001 + RELOAD_GUARD_MS)).toBe(true));
});
