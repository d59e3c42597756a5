// A list's filters, mirrored in the URL (decision 022): the screen starts from the URL's search
// params (a link, a reload, the back button), edits them in its own state so typing stays
// instant, and writes them back to the URL once the user pauses (replace: no history entry per
// keystroke). Only values that differ from the defaults appear in the URL.
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';


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
  return Object.fromEntries(Object.entries(filters as Record<string, string>).filter(([k, v]) => v !== defaults[k])) as Partial<F>;
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys({ ...a, ...b }).every((k) => String(a[k] ?? '') === String(b[k] ?? ''));

export function useSearchFilters<F extends { [K in keyof F]: string }>(empty: F, delayMs = 250): [F, (patch: Partial<F>) => void, () => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const [filters, setFilters] = useState<F>(() => filtersFromSearch(empty, search));
  const [settled] = useDebouncedValue(filters, delayMs);
  // Writing the URL is not a read: the list itself reads its data through the sync layer.
  useEffect(() => {
    const next = searchOfFilters(empty, settled);
    const current = searchOfFilters(empty, filtersFromSearch(empty, search));
    if (!same(next as Record<string, unknown>, current as Record<string, unknown>)) void navigate({ to: '.', search: next as never, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the settled filters decide; the URL follows them
  }, [settled]);
  return [filters, (patch) => setFilters((f) => ({ ...f, ...patch })), () => setFilters(empty)];
}
