// The CSV files the portal writes for a spreadsheet (the great book, the cash archive, the
// statement, the ledger's shown lines): French conventions (semicolons, decimal comma, UTF-8 with
// a BOM, CRLF), and no cell a spreadsheet would run as a formula (decision 075).
//
// A FEC label, a cash movement's label or a customer's name is the text of whoever typed it: one
// starting with = + - @ (or a tab or a carriage return, which Excel skips before reading the rest)
// is a formula in Excel and LibreOffice (`=HYPERLINK(…)`, `@SUM(…)`, `-2+3`, DDE). OWASP's rule for
// CSV injection: such a cell is prefixed with a single quote and quoted, so it reads as the text it
// is. A plain number (`-1234,50`, `+3`, `12.5`) is not a formula and stays as it is, so amounts of
// numeric columns remain numbers in the spreadsheet.

/** Characters a spreadsheet reads as the start of a formula, after any leading blanks; full-width forms too. */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;
/** A number as the portal writes one (optional sign, decimal comma or point): never a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
/** What makes a cell need quotes with « ; » as separator. */
const NEEDS_QUOTES = /[;"\r\n]/;

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** True when a spreadsheet would read this text as a formula. */
export const looksLikeFormula = (text: string): boolean => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);

/** One cell: a formula-looking text neutralised (`'` prefix, quoted), quotes doubled where needed. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (looksLikeFormula(text)) return `"'${text.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended by CRLF. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;

/** A whole file: BOM, then each row (the first is the header). */
export const csvFile = (rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string =>
  `${CSV_BOM}${rows.map(csvLine).join('')}`;
