// State that belongs to a key (a list's page to its search, a viewer's page to its document): it
// is back to its initial value as soon as the key changes, derived in the render that sees the new
// key rather than reset by an effect after a render with the stale value
// (react-compiler/set-state-in-effect; decision 083).
import { useCallback, useState } from 'react';

export function useStateFor<T>(key: unknown, initial: T): [T, (next: T | ((prev: T) => T)) => void] {
  const [held, setHeld] = useState({ key, value: initial });
  const value = Object.is(held.key, key) ? held.value : initial;
  const set = useCallback(
    (next: T | ((prev: T) => T)) =>
      setHeld((prev) => {
        const current = Object.is(prev.key, key) ? prev.value : initial;
        return { key, value: typeof next === 'function' ? (next as (prev: T) => T)(current) : next };
      }),
    [key, initial],
  );
  return [value, set];
}
