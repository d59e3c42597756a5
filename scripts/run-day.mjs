// A test run stays within one day in Paris (decision 062).
//
// Many tests depend on « today »: the demo's register days (today open, the days before closed),
// its accounting up to yesterday, closings that refuse a day while an earlier one is open, due dates.
// Each server seeds its demo data around the day it starts, and the tests, the servers and the
// browsers each read the real clock when they need the day. A run that crosses midnight in Paris sees
// the day change halfway: data seeded for one day is read as the day before, and four tests failed
// that way (2026-11-27, a run started at 23:57). So the tests start only when the run can end before
// midnight; the steps that do not depend on the day (build, type check, lint) use the wait.
const PARIS_CLOCK = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The longest a full run's tests take here and on CI (14–16 min measured), with room to spare. */
export const RUN_LENGTH_MS = 30 * 60_000;

/** Milliseconds from `at` to the next midnight in Paris (its wall clock, time-zone changes included). */
export function msUntilParisMidnight(at) {
  const parts = Object.fromEntries(PARIS_CLOCK.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const sinceMidnight = ((parts.hour * 60 + parts.minute) * 60 + parts.second) * 1000 + (at.getTime() % 1000);
  return 24 * 3_600_000 - sinceMidnight;
}

/**
 * How long the tests must wait before they start at `at`: none if a run of `runLength` ends before
 * midnight in Paris, otherwise until just after it (a few seconds of margin for clocks read late).
 */
export function waitBeforeTests(at, runLength = RUN_LENGTH_MS) {
  const left = msUntilParisMidnight(at);
  return left > runLength ? 0 : left + 5_000;
}

/** « 23 h 41 », the Paris time of `at`, for the message that explains the wait. */
export function parisTime(at) {
  const parts = Object.fromEntries(PARIS_CLOCK.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.hour} h ${parts.minute}`;
}
