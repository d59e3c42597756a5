// Every module's tables, re-exported once so Drizzle and drizzle-kit see the whole schema. A file
// holds the tables of the one module named like it (the http layer's: http.ts), and that is what
// the lint rule table-ownership and the ownership test read.
export * from './users';
export * from './auth';
export * from './http';
export * from './catalogue';
export * from './documents';
export * from './inbox';
export * from './notifications';
export * from './invoices';
export * from './cash-registers';
export * from './accounting';
export * from './admin';
export * from './my-account';
export * from './received-invoices';
export * from './platform';
