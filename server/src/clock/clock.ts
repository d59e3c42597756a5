import { StartupError } from '../startup/startup-error';

// The server's one clock (decision 076): business code reads "now" from `deps.now`, which is this
// clock, never from `Date.now()` or `new Date()` (a lint rule says so). Tests and the calendar lane
// start it at a chosen instant with WORKPLACE_NOW; it then flows on in real time from there, so
// timeouts, throttling windows and token lifetimes behave as they would on that day.

/** What every layer calls to learn the time. */
export type Clock = () => Date;

/** The machine's time, the only place the server reads it. */
// eslint-disable-next-line workplace/no-restricted-syntax -- the one reading of the machine's time
export const systemClock: Clock = () => new Date();

/** A clock that reads `start` now and flows on from there at the machine's pace. */
export function clockStartingAt(start: Date, base: Clock = systemClock): Clock {
  const offset = start.getTime() - base().getTime();
  return () => new Date(base().getTime() + offset);
}

// An instant with its offset, as the tests write it: 2027-01-01T00:10:00+01:00 (or Z).
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The clock of a server started with WORKPLACE_NOW (tests, calendar lane, demos of another day).
 * Refused in production: an invoice's number and date, a cash day's closing and the FEC's dates are
 * legal facts that only the real time may state.
 */
export function configuredClock(nodeEnv: string, workplaceNow: string | undefined): Clock {
  if (workplaceNow === undefined || workplaceNow === '') return systemClock;
  if (nodeEnv === 'production')
    throw new StartupError(
      'WORKPLACE_NOW est refusé en production (NODE_ENV=production) : les factures, les clôtures de caisse et ' +
        'les écritures y sont datées de l’heure réelle. Retirez cette variable de l’environnement du service.',
    );
  const at = INSTANT.test(workplaceNow) ? new Date(workplaceNow) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime()))
    throw new StartupError(
      `WORKPLACE_NOW « ${workplaceNow.slice(0, 40)} » n’est pas un instant : écrivez-le avec son décalage, ` +
        'par exemple WORKPLACE_NOW=2027-01-01T00:10:00+01:00.',
    );
  return clockStartingAt(at);
}
