// @vitest-environment jsdom
// useServerPages (decision 022): the same arrays while none of its pages changed, so a long list
// is not rebuilt when another answer of the sync engine changes; new ones when one of its pages
// does; refresh() and patchPage() act on the parameters of the last render.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoProfile, signInAs } from '../../../tests/support/screen-profiles';
import { store } from '../../lib/session';
import { forgetAll } from './engine';
import type { ServerDataset } from './server-data';
import { useServerPages } from './use-server-pages';

const fetchPage = vi.fn((p: { q: string; page: number }) => Promise.resolve(`${p.q} ${p.page}`));
const mine: ServerDataset<{ q: string; page: number }, string> = {
  key: 'probePages',
  keep: 'memory',
  fetch: (p) => fetchPage(p),
};
const other: ServerDataset<{ page: number }, string> = {
  key: 'probeOtherPages',
  keep: 'memory',
  fetch: ({ page }) => Promise.resolve(`other ${page}`),
};

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;

afterEach(() => {
  cleanup();
  forgetAll();
  signInAs(null);
  fetchPage.mockClear();
});

describe('useServerPages', () => {
  it('keeps its arrays while none of its pages changed, and acts on the last parameters', async () => {
    signInAs(demoProfile());
    const { result, rerender } = renderHook(
      ({ q, count }) => ({ mine: useServerPages(mine, { q }, count), other: useServerPages(other, {}, 1) }),
      { initialProps: { q: 'a', count: 1 }, wrapper },
    );
    await waitFor(() => expect(result.current.mine.pages).toEqual(['a 1']));
    await waitFor(() => expect(result.current.other.pages).toEqual(['other 1']));
    const { pages, entries } = result.current.mine;

    // Another answer changes: the engine re-renders, these pages are the same arrays.
    act(() => result.current.other.patchPage(0, 'other 1 bis'));
    await waitFor(() => expect(result.current.other.pages).toEqual(['other 1 bis']));
    expect(result.current.mine.pages).toBe(pages);
    expect(result.current.mine.entries).toBe(entries);

    // One of its pages changes: new arrays.
    act(() => result.current.mine.patchPage(0, 'a 1 bis'));
    await waitFor(() => expect(result.current.mine.pages).toEqual(['a 1 bis']));
    expect(result.current.mine.pages).not.toBe(pages);

    // Other parameters and one more page: refresh() asks for those, not the first render's.
    rerender({ q: 'b', count: 2 });
    await waitFor(() => expect(result.current.mine.pages).toEqual(['b 1', 'b 2']));
    fetchPage.mockClear();
    await act(() => result.current.mine.refresh());
    expect(fetchPage.mock.calls.map(([p]) => p)).toEqual([
      { q: 'b', page: 1 },
      { q: 'b', page: 2 },
    ]);
  });
});
