import { redirect } from '@tanstack/react-router';
import { can, type CanArgs } from '../domain/rights';
import { getSession } from '../lib/session';

/**
 * A route's beforeLoad: without the right, the user is sent to / (as NAV-3 does for /dashboard). The server checks
 * every call; the guard only spares a user a screen full of refusals. Read at navigation time,
 * so a company switch (new rights) applies to the next screen.
 */
export const allowedTo =
  (...args: CanArgs) =>
  () => {
    if (!can(getSession()?.profile, ...args)) throw redirect({ to: '/', replace: true });
  };
