// The test process's clock in the calendar lane (decision 076): with WORKPLACE_NOW set, `Date` in this
// process (the test files, their in-process servers, whose one clock reads it, and the seeds) starts at
// that instant and flows on from there, so that a test's « today » and its server's agree:
//
//   WORKPLACE_NOW=2027-01-01T00:10:00+01:00 NODE_OPTIONS="--import ./tests/support/shift-clock.mjs" \
//     npx vitest run --project api
//
// `npm run test:calendar` (scripts/test-calendar.mjs) runs it at each instant of its list. Servers
// started as processes get WORKPLACE_NOW from tests/support/child-server.ts; browser pages get the
// instant from Playwright's clock (tests/e2e/support/browser.ts). The database's own clock is never
// read for a business date (decision 076).
(() => {
  const to = globalThis.process?.env?.WORKPLACE_NOW;
  if (!to) return;
  const RealDate = Date;
  const offset = RealDate.parse(to) - RealDate.now();
  if (Number.isNaN(offset)) throw new Error(`WORKPLACE_NOW « ${to} » n’est pas un instant`);
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
