import { z } from 'zod';

// Postgres text cannot hold U+0000: such input would fail the query (500), so it is refused as
// bad input (400) like any other malformed field.
export const NUL_MESSAGE = 'Le texte contient un caractère nul, non autorisé.';

export const safeText = (max: number) => z.string().max(max).refine((s) => !s.includes('\u0000'), NUL_MESSAGE);

/** For decoded text (label64) where the client could not have typed it: the character is dropped. */
export const withoutNul = (s: string) => s.replace(/\u0000/g, '');
