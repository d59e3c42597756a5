// The reads of « Ma comptabilité » (decision 039): always through an exercise's current import.
// Totals and dashboards read the monthly aggregates; only the edges of a period that cuts a month
// read lines. Money leaves as euros (cents / 100).
// The module's one face for the others; by responsibility: exercises.ts (exercises, periods, the
// imports' history), totals.ts (totals by account and journal), great-book.ts, search.ts (and the
// search state), dashboards.ts; lines.ts is the line and cursor they share.
export {
  EXERCISE_NOT_FOUND,
  euros,
  exerciseDto,
  exerciseRef,
  findImport,
  listExercises,
  listImports,
  resolvePeriod,
  type ExerciseRow,
  type Period,
} from './exercises';
export { accountList, accountTotals, journalTotals } from './totals';
export { lineDto } from './lines';
export { greatBook, greatBookCsv, selectionLines } from './great-book';
export { SEARCH_COUNT_LIMIT, getSearchState, saveSearchState, searchEntries, type SearchInput } from './search';
export { accountsDashboard, dashboardExercise, monthlyDashboard, resultLast, treasuryAccounts } from './dashboards';
