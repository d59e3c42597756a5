// The tests of a run start only when the run can end before midnight in Paris (decision 062).
// Run by `npm run lint` with the other scripts' tests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { msUntilParisMidnight, parisTime, waitBeforeTests } from './run-day.mjs';

const MIN = 60_000;

test('midnight in Paris is counted on its wall clock, winter (UTC+1) and summer (UTC+2)', () => {
  assert.equal(msUntilParisMidnight(new Date('2026-11-27T22:57:00Z')), 3 * MIN);
  assert.equal(msUntilParisMidnight(new Date('2026-07-14T21:50:30Z')), 9.5 * MIN);
  assert.equal(parisTime(new Date('2026-11-27T22:57:00Z')), '23 h 57');
});

test('a run that would cross midnight waits until just after it; one that ends before starts at once', () => {
  // The run of 2026-11-27 that failed: started at 23:57 in Paris.
  assert.equal(waitBeforeTests(new Date('2026-11-27T22:57:00Z')), 3 * MIN + 5_000);
  assert.equal(waitBeforeTests(new Date('2026-11-27T22:40:00Z')), 20 * MIN + 5_000);
  assert.equal(waitBeforeTests(new Date('2026-11-27T22:29:00Z')), 0);
  // Just after midnight, and at noon: no wait.
  assert.equal(waitBeforeTests(new Date('2026-11-27T23:00:06Z')), 0);
  assert.equal(waitBeforeTests(new Date('2026-11-27T11:00:00Z')), 0);
});
