// Runs the tests as if it were another day (decision 062): `Date` in this process (the test files,
// their in-process servers and seeds) and in the e2e browsers' pages (tests/e2e/support/browser.ts
// adds this file to each page) starts at SHIFT_CLOCK_TO and flows from there. For checking the
// calendar's edges (1 January, the first of a month) before they come:
//
//   SHIFT_CLOCK_TO=2027-01-01T08:00:00Z NODE_OPTIONS="--import ./tests/support/shift-clock.mjs" \
//     npx vitest run --project api
//
// Not shifted: the database's own clock (`now()` in SQL, column defaults) and the service worker.
// Two tests fail for the shift itself, not for the day: the card payment of
// tests/e2e/my-account.test.ts under any shift (even to a later hour of the same day), and the S3
// storage tests beyond 15 minutes of shift (the request signature's check of the clock's skew).
//
// A classic script as well as a module (no import or export): pages run it as it is.
(() => {
  const to = globalThis.process?.env?.SHIFT_CLOCK_TO ?? globalThis.SHIFT_CLOCK_TO;
  if (!to) return;
  const RealDate = Date;
  const offset = RealDate.parse(to) - RealDate.now();
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
})();
