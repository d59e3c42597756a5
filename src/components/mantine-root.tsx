// Decision 014: Mantine (its provider, all its CSS, the toasts) is a lazy chunk. The sign-in form is
// plain markup (features/auth/static-login) so /login loads none of it; every other screen
// renders inside MantineRoot, which the signed-in layer imports and the router waits for.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, useState, type ReactNode } from 'react';
import { ErrorPage } from './error-page';
import { mantinePresence } from '../lib/mantine-presence';
import { TOAST_DURATION } from '../lib/toast';
import { cssVariablesResolver, theme } from '../theme';

export function MantineRoot({ children }: { children?: ReactNode }) {
  // The toasts' host (a portal with one container per corner) mounts just after the first paint:
  // nothing is shown in it before, and a toast asked for earlier waits in Mantine's store (decision 031).
  const [toasts, setToasts] = useState(false);
  useEffect(() => {
    mantinePresence.mounted++;
    const later = setTimeout(() => setToasts(true));
    return () => {
      clearTimeout(later);
      mantinePresence.mounted--;
    };
  }, []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
      {toasts && <Notifications position="bottom-right" autoClose={TOAST_DURATION} />}
      {children}
    </MantineProvider>
  );
}

/** The error page of the root route (404, 500…), with its provider. */
export function MantineErrorPage({ status }: { status: number | null }) {
  return (
    <MantineRoot>
      <ErrorPage status={status} />
    </MantineRoot>
  );
}
