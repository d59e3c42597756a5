// The catalogue's public service (decision 080): what other modules use of it — the customer a
// document names, the ledgers and exercises, and the fragments that join a customer into their
// queries (the join is written here, next to the table: decision 023). The rest is internal.
export {
  customerColumns,
  customerIdByAccount,
  customerOfDocument,
  findCustomerForDocument,
  findLedgerId,
  joinCustomer,
  openExercises,
  type CustomerRow,
} from './references-service';
export { customerFromRow } from './customers-service';
