// A customer created offline is addressed by its temporary reference until the server numbers it:
// a screen showing it follows it to its real account number as soon as the outbox learns it.
import { useEffect } from 'react';
import { onMutationDone, resolveId } from '../../data/outbox';
import { isTempId } from '../../data/temp-ids';

export function useResolvedAccount(accountNumber: string, onResolved: (real: string) => void): void {
  useEffect(() => {
    if (!isTempId(accountNumber)) return;
    let alive = true;
    const check = async () => {
      const real = await resolveId(accountNumber);
      if (alive && real !== accountNumber) onResolved(String(real));
    };
    void check();
    const off = onMutationDone(() => void check());
    return () => {
      alive = false;
      off();
    };
    // onResolved is a fresh closure per render; the reference alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountNumber]);
}
