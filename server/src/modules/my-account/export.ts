import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import type { Statement } from '../../../../src/contract/my-account';
import { formatDate, formatMoney } from '../../../../src/domain/format';
import { normalizeSpaces } from '../../../../src/pdf/format';
import { csvCell } from '../../../../src/domain/csv';

// The statement's exports (decision 043). CSV in the French spreadsheet conventions of the other
// exports (the great book, the cash archive): UTF-8 BOM, `;`, decimal comma, CRLF, dd/mm/yyyy.
// The PDF is a plain table drawn with the standard fonts: it is a reading of the account, not a
// business document, so the invoice renderer (and its embedded fonts) would only cost time.

/** 1234.5 → '1234,50': exact from the two-decimal amount, no thousands separator (spreadsheets). */
export const csvAmount = (n: number) => n.toFixed(2).replace('.', ',');

export function statementCsv(s: Statement): string {
  const rows: string[][] = [
    ['Date', 'Libellé', 'Référence', 'Débit', 'Crédit', 'Solde'],
    [formatDate(s.dateStart), 'Solde d’ouverture', '', '', '', csvAmount(s.openingBalance)],
    ...s.lines.map((l) => [
      formatDate(l.date),
      l.label,
      l.reference,
      l.debit ? csvAmount(l.debit) : '',
      l.credit ? csvAmount(l.credit) : '',
      csvAmount(l.balance),
    ]),
    ['', 'Totaux', '', csvAmount(s.totalDebit), csvAmount(s.totalCredit), ''],
    [formatDate(s.dateEnd), 'Solde de clôture', '', '', '', csvAmount(s.closingBalance)],
  ];
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

export const statementFileName = (s: Statement, ext: 'pdf' | 'csv') =>
  `extrait-de-compte-${s.dateStart}-${s.dateEnd}.${ext}`;

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const SIZE = 9;
const ROW = 14;
const COLS = [
  { header: 'Date', x: 0, w: 58 },
  { header: 'Libellé', x: 60, w: 190 },
  { header: 'Référence', x: 252, w: 72 },
  { header: 'Débit', x: 326, w: 62, right: true },
  { header: 'Crédit', x: 390, w: 62, right: true },
  { header: 'Solde', x: 454, w: 61, right: true },
] as const;

/** Standard fonts draw WinAnsi only: narrow spaces become spaces, anything else outside it '?'. */
function fit(font: PDFFont, text: string, width: number): string {
  let t = normalizeSpaces(text).replace(/[^\x20-\x7e\u00a0-\u00ff€’«»œŒ…–—]/g, '?');
  if (font.widthOfTextAtSize(t, SIZE) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, SIZE) > width) t = t.slice(0, -1);
  return `${t}…`;
}

export async function statementPdf(s: Statement, companyLabel: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title = `Extrait de compte du ${formatDate(s.dateStart)} au ${formatDate(s.dateEnd)}`;
  doc.setTitle(title);
  doc.setLanguage('fr-FR');
  doc.setProducer('Workplace');
  let page!: PDFPage;
  let y = 0;
  const row = (cells: string[], f: PDFFont) => {
    if (y < PAGE.margin + ROW) newPage();
    COLS.forEach((c, k) => {
      const t = fit(f, cells[k] ?? '', c.w);
      const dx = 'right' in c ? c.w - f.widthOfTextAtSize(t, SIZE) : 0;
      page.drawText(t, { x: PAGE.margin + c.x + dx, y, size: SIZE, font: f, color: rgb(0.1, 0.1, 0.1) });
    });
    y -= ROW;
  };
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
    page.drawText(fit(bold, title, 500), { x: PAGE.margin, y, size: 12, font: bold });
    y -= 16;
    page.drawText(fit(font, `${companyLabel} – compte chez ${s.firm?.label ?? 'le cabinet'}`, 500), {
      x: PAGE.margin,
      y,
      size: SIZE,
      font,
    });
    y -= 22;
    row(
      COLS.map((c) => c.header),
      bold,
    );
  };
  const money = (n: number) => (n ? formatMoney(n) : '');
  newPage();
  row([formatDate(s.dateStart), 'Solde d’ouverture', '', '', '', formatMoney(s.openingBalance)], bold);
  for (const l of s.lines)
    row([formatDate(l.date), l.label, l.reference, money(l.debit), money(l.credit), formatMoney(l.balance)], font);
  row(['', 'Totaux', '', formatMoney(s.totalDebit), formatMoney(s.totalCredit), ''], bold);
  row([formatDate(s.dateEnd), 'Solde de clôture', '', '', '', formatMoney(s.closingBalance)], bold);
  return doc.save({ useObjectStreams: true });
}
