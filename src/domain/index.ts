// The rulebook in one import, for the app and the server alike.
export * from './types';
export * from './money';
export * from './totals';
export * from './dates';
export * from './check-helpers';
export * from './invoice-checks';
export * from './quote-checks';
export * from './quote-states';
export * from './sorting';
export * from './articles';
export * from './label64';
export * from './uploads';
export * from './upload-sniff';
export * from './rights';
export * from './company-label';
