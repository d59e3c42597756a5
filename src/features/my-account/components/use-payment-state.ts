// The state of a card payment as the server knows it (the provider's signed notification, or its
// status read back), asked again a few seconds apart while it is pending, then no more: a
// notification that never comes must not keep the page asking forever.
import { useEffect, useState } from 'react';
import { useServerData } from '../../../data/sync/use-server-data';
import { paymentData } from '../my-account-data';

export const POLL_MS = 2_000;
export const POLL_TIMES = 15;

export function usePaymentState(id: number | undefined) {
  const read = useServerData(paymentData, id ? { id } : null);
  const [asked, setAsked] = useState(0);
  const pending = read.data?.status === 'pending';
  const { refresh } = read;
  useEffect(() => {
    if (!pending || asked >= POLL_TIMES) return;
    const timer = setTimeout(() => {
      setAsked((n) => n + 1);
      void refresh();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, asked, refresh]);
  return {
    ...read,
    /** Still pending after every try: the page offers to ask again. */
    gaveUp: pending && asked >= POLL_TIMES,
    askAgain: () => {
      setAsked(0);
      void refresh();
    },
  };
}
