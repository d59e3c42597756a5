// Every module's tables, re-exported once so Drizzle and drizzle-kit see the whole schema.
export * from './core';
