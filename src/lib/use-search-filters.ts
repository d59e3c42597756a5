// A list's filters, mirrored in the URL (decision 022): the screen starts from the URL's search
// params (a link, a reload, the back button), edits them in its own state so typing stays
// instant, and writes each change to the URL (replace: no history entry per keystroke). Only
// values that differ from the defaults appear in the URL.
import { useNavigate, useSearch, type RegisteredRouter } from '@tanstack/react-router';
import { useState } from 'react';

/** The filters a URL gives (unknown keys ignored, defaults for what is missing). */
export function filtersFromSearch<F extends { [K in keyof F]: string }>(empty: F, search: Record<string, unknown>): F {
  const out: Record<string, string> = { ...empty };
  for (const key of Object.keys(empty)) {
    const v = search[key];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
  }
  return out as F;
}

/** The search params of these filters: only what differs from the defaults. */
export function searchOfFilters<F extends { [K in keyof F]: string }>(empty: F, filters: F): Partial<F> {
  const defaults = empty as Record<string, string>;
  return Object.fromEntries(
    Object.entries(filters as Record<string, string>).filter(([k, v]) => v !== defaults[k]),
  ) as Partial<F>;
}

/** A route of the app, by id ('/app/mes-factures/mes-clients'). */
export type RouteId = keyof RegisteredRouter['routesById'];

/** `from`: the list's route, whose validated search the filters start from (decision 083). */
export function useSearchFilters<F extends { [K in keyof F]: string }>(
  from: RouteId,
  empty: F,
): [F, (patch: Partial<F>) => void, () => void] {
  const search: Record<string, unknown> = useSearch({ from });
  const navigate = useNavigate();
  const [filters, setFilters] = useState<F>(() => filtersFromSearch(empty, search));
  // Written at once, not debounced: a click on a result right after typing must not be overtaken
  // by a late write of the filters (the later navigation wins). The list debounces its own reads.
  const write = (next: F) => {
    setFilters(next);
    void navigate({ to: '.', search: searchOfFilters(empty, next) as never, replace: true });
  };
  return [filters, (patch) => write({ ...filters, ...patch }), () => write(empty)];
}
