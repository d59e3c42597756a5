// A customer created offline is addressed by its temporary reference until the server numbers it:
// a screen showing it follows it to its real account number as soon as the outbox learns it
// (a live query on the outbox's id map: decision 022, screens read the device).
import { useEffect, useEffectEvent } from 'react';
import { useResolvedId } from '../../data/outbox-hooks';

export function useResolvedAccount(accountNumber: string, onResolved: (real: string) => void): void {
  const real = useResolvedId(accountNumber);
  // onResolved is a fresh closure per render; the reference alone decides.
  const resolved = useEffectEvent(onResolved);
  // Not a fetch: following the resolved reference is a navigation.
  useEffect(() => {
    if (real != null) resolved(String(real));
  }, [real]);
}
