// « Exporter en PDF » of the general ledger, drawn in the browser (the contract's export endpoint
// gives CSV only): the selection's lines, read by cursor from the server, up to PDF_MAX_LINES — a
// year of a small company (the demo bakery's is about 13 000 lines, 250 pages); past that a PDF
// nobody reads, and the CSV holds everything. Progress is reported while reading and drawing.
// Loaded only when the user asks for it.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { formatCount, formatDate, formatMoney } from '../../../domain/format';
import { normalizeSpaces } from '../../../pdf/format';
import { fetchGreatBook, type GreatBookLine } from '../api/accounting-api';

export const PDF_MAX_LINES = 30_000;
/** Lines drawn between two yields to the browser, so the progress shows and the page stays responsive. */
const DRAW_SLICE = 1000;
const PAGE = { width: 841.89, height: 595.28, margin: 32 };
const SIZE = 8;
const ROW = 13;
const COLS: Array<{ header: string; x: number; w: number; right?: boolean; get: (l: GreatBookLine) => string }> = [
  { header: 'Compte', x: 0, w: 62, get: (l) => l.account },
  { header: 'Date', x: 64, w: 48, get: (l) => formatDate(l.date) },
  { header: 'Journal', x: 114, w: 36, get: (l) => l.journal },
  { header: 'Pièce', x: 152, w: 60, get: (l) => l.piece },
  { header: 'Libellé', x: 214, w: 250, get: (l) => l.label },
  { header: 'Débit', x: 466, w: 72, right: true, get: (l) => (l.debit ? formatMoney(l.debit) : '') },
  { header: 'Crédit', x: 540, w: 72, right: true, get: (l) => (l.credit ? formatMoney(l.credit) : '') },
  { header: 'Lettrage', x: 616, w: 50, get: (l) => l.lettering ?? '' },
  { header: 'Solde', x: 668, w: 110, right: true, get: (l) => formatMoney(l.balance) },
];

/** Cuts a text to the width (an ellipsis when cut); characters outside WinAnsi become '?'. */
function fit(font: PDFFont, text: string, width: number): string {
  let t = normalizeSpaces(text).replace(/[^\x20-\x7e\u00a0-\u00ff€’«»œŒ…–—]/g, '?');
  if (font.widthOfTextAtSize(t, SIZE) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, SIZE) > width) t = t.slice(0, -1);
  return `${t}…`;
}

export async function ledgerPdf(
  selection: { exercise: number; accounts?: string; dateStart?: string; dateEnd?: string },
  companyId: number,
  exerciseLabel: string,
  selectionLabel: string,
  onProgress: (step: 'read' | 'draw', done: number, of: number) => void = () => {},
  maxLines = PDF_MAX_LINES,
): Promise<{ blob: Blob; name: string }> {
  const lines: GreatBookLine[] = [];
  let total = 0;
  let after: string | undefined;
  // By cursor: an offset page deep in a big exercise costs the server the rows before it.
  do {
    const answer = await fetchGreatBook({ ...selection, page: 1, pageSize: 500, after }, { companyId });
    total = answer.total;
    lines.push(...answer.items);
    after = answer.next ?? undefined;
    onProgress('read', lines.length, Math.min(total, maxLines));
  } while (after && lines.length < maxLines);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(`Grand livre – ${exerciseLabel}`);
  let page: PDFPage | null = null;
  let y = 0;
  const text = (p: PDFPage, s: string, x: number, yy: number, f: PDFFont, w: number, right?: boolean) => {
    const t = fit(f, s, w);
    const dx = right ? w - f.widthOfTextAtSize(t, SIZE) : 0;
    p.drawText(t, { x: PAGE.margin + x + dx, y: yy, size: SIZE, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
    page.drawText(fit(bold, `Grand livre – ${exerciseLabel} – ${selectionLabel}`, 700), {
      x: PAGE.margin,
      y: y - 4,
      size: 11,
      font: bold,
    });
    y -= 24;
    for (const c of COLS) text(page, c.header, c.x, y, bold, c.w, c.right);
    y -= ROW;
  };
  newPage();
  const drawn = lines.slice(0, maxLines);
  for (let i = 0; i < drawn.length; i++) {
    if (y < PAGE.margin + ROW) newPage();
    for (const c of COLS) text(page!, c.get(drawn[i]!), c.x, y, font, c.w, c.right);
    y -= ROW;
    if ((i + 1) % DRAW_SLICE === 0) {
      onProgress('draw', i + 1, drawn.length);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (y < PAGE.margin + 2 * ROW) newPage();
  const note =
    total > maxLines
      ? `${formatCount(maxLines, 'ligne')} sur ${formatCount(total, 'ligne')} : exportez en CSV pour tout obtenir.`
      : formatCount(total, 'ligne');
  text(page!, note, 0, y - 6, bold, 700);
  const bytes = await doc.save();
  return { blob: new Blob([bytes as BlobPart], { type: 'application/pdf' }), name: 'grand-livre.pdf' };
}
