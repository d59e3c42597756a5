import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';

const RELOAD_KEY = 'workplace.lazy-reload-at';
export const RELOAD_GUARD_MS = 60_000;

/**
 * NAV-8: when a screen's code fails to load (a new deployment removed the old chunk), reload
 * the page, at most once per 60 seconds; past that, the error shows the error page.
 */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > RELOAD_GUARD_MS;
}

/** Imports a chunk; a failed import reloads the page (same 60 s guard), else rethrows. */
export async function importOrReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
    if (shouldReloadAfterChunkError(last, Date.now())) {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
      window.location.reload();
      await new Promise(() => undefined); // the reload takes over
    }
    throw error;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen module exports components of any props
export function lazyScreen<T extends Record<string, ComponentType<any>>>(load: () => Promise<T>, name: keyof T) {
  return lazyRouteComponent(() => importOrReload(load), name as string);
}
