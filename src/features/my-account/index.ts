// What other layers use of « Mon compte »: its paths (the routes and the drawer build them from the
// product's slug).
export { accountPaths, type AccountPaths } from './my-account-model';
export { firmInvoicesSearch, statementSearch, type FirmInvoicesSearch, type StatementSearch } from './account-search';
