// Postgres text cannot hold U+0000 (safeText, in the contract: src/contract/common.ts).
export { NUL_MESSAGE, safeText } from '../../../../src/contract/common';

/** For decoded text (label64) where the client could not have typed it: the character is dropped. */
export const withoutNul = (s: string) => s.replace(/\u0000/g, '');
