// Every module's tables, re-exported once so Drizzle and drizzle-kit see the whole schema.
export * from './core';
export * from './invoicing';
export * from './documents';
export * from './notifications';
export * from './invoices';
export * from './notification-seen';
export * from './cash-registers';
export * from './accounting';
export * from './admin';
export * from './my-account';
export * from './received-invoices';
