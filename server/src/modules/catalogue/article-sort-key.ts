// The article order of ART-8 (src/domain/sorting.ts sortArticles: Standard first, then the code
// compared like Intl.Collator('fr', { numeric, sensitivity: 'base' })) as a text key that sorts
// byte-wise (COLLATE "C"). The database's ICU has no numeric ordering ('10' before '9'), so a
// stored key is what lets ORDER BY ... LIMIT page through 10 000 articles on an index.
// article-sort-key.test.ts checks the key against sortArticles itself.

/** Punctuation and symbols in the collator's own order (primary groups; ' and ’ are one). */
const PUNCTUATION_GROUPS = [
  ' ',
  '_',
  '-',
  '–',
  '—',
  ',',
  ';',
  ':',
  '!',
  '?',
  '.',
  '·',
  "'’",
  '"',
  '«',
  '»',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '§',
  '@',
  '*',
  '/',
  '\\',
  '&',
  '#',
  '%',
  '`',
  '^',
  '°',
  '+',
  '<',
  '=',
  '>',
  '|',
  '~',
  '$',
  '£',
  '€',
];
const PUNCTUATION_RANK = new Map<string, number>();
PUNCTUATION_GROUPS.forEach((group, rank) => {
  for (const ch of group) PUNCTUATION_RANK.set(ch, rank);
});

// Key alphabet: punctuation 0x21.., other symbols, then numbers, then letters (a-z and beyond).
const PUNCTUATION_BASE = 0x21;
const OTHER_SYMBOL = String.fromCharCode(PUNCTUATION_BASE + PUNCTUATION_GROUPS.length);
const NUMBER_MARK = String.fromCharCode(PUNCTUATION_BASE + PUNCTUATION_GROUPS.length + 1);

/** Letters the collator treats as two base letters or as a plain letter (æ = ae, ø = o …). */
const LETTER_FOLDS: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i', þ: 'th' };

/** Accents and case are ignored ('base' sensitivity), like the collator. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[æœßøłđıþ]/g, (ch) => LETTER_FOLDS[ch]);
}

/** A run of digits compares by value: mark, length of the value, then the digits ('007' = '7'). */
function numberKey(digits: string): string {
  const value = digits.replace(/^0+/, '') || '0';
  return NUMBER_MARK + String.fromCharCode(0x30 + Math.min(value.length, 0xff)) + value;
}

export function codeSortKey(code: string): string {
  let key = '';
  for (const [, digits, other] of fold(code).matchAll(/(\d+)|([^\d])/gsu)) {
    if (digits) key += numberKey(digits);
    else if (/\p{L}/u.test(other)) key += other;
    else {
      const rank = PUNCTUATION_RANK.get(other);
      // Spaces of any kind sort as a space; unknown symbols after the known ones, before digits.
      key += /\s/u.test(other)
        ? String.fromCharCode(PUNCTUATION_BASE)
        : rank === undefined
          ? OTHER_SYMBOL
          : String.fromCharCode(PUNCTUATION_BASE + rank);
    }
  }
  return key;
}

/** Standard articles first ('0'), every other type after ('1'), then the code key. */
export function articleSortKey(type: string, code: string): string {
  return (type === 'Standard' ? '0' : '1') + codeSortKey(code);
}
