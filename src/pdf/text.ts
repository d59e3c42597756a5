/** Text preparation for drawing: characters the font can draw, French line-break rules. */
import { normalizeSpaces } from './format';

const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200c-\u200f\u2028\u2029\ufeff]/g;

/** Plain spaces, invisible characters removed, characters missing from `charset` reduced to their base letter or '?'. */
export function drawableText(text: string, charset: Set<number>): string {
  return [...normalizeSpaces(text).replace(INVISIBLE, '').normalize('NFC')]
    .map((char) => {
      if (charset.has(char.codePointAt(0)!)) return char;
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (base.length === 0) return ''; // a combining mark left alone
      return [...base].every((c) => charset.has(c.codePointAt(0)!)) ? base : '?';
    })
    .join('');
}

/**
 * Words between which a line may break. French typography: no break before ":", "»", "€"…
 * nor after "«"; non-breaking spaces (U+00A0, U+202F) glue words together.
 */
export function breakableWords(paragraph: string): string[] {
  const glued: string[] = [];
  for (const word of paragraph.split(/[ \t]+/).filter(Boolean)) {
    const previous = glued.length - 1;
    if (previous >= 0 && (/^[:;!?»€%]+[.,]?$/.test(word) || glued[previous].endsWith('«'))) {
      glued[previous] = `${glued[previous]} ${word}`;
    } else glued.push(word);
  }
  return glued;
}
