/** Lines table: wrapped labels, comment and spacer rows, page breaks with repeated header. */
import { formatMoney, formatNumber, formatPercent } from '../domain/format';
import { COLORS, Layout, PAGE, RIGHT } from './layout';
import type { PdfLine } from './types';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

const PAD = 4;
const SIZE = 8.5;
const LINE = 11;
const HEADER_HEIGHT = 18;
const FIXED: Column[] = [
  { title: 'Code', width: 50, align: 'left' },
  { title: 'Désignation', width: 0, align: 'left' },
  { title: 'Qté', width: 40, align: 'right' },
  { title: 'Unité', width: 44, align: 'left' },
  { title: 'PU HT', width: 68, align: 'right' },
  { title: 'TVA %', width: 38, align: 'right' },
  { title: 'Total HT', width: 76, align: 'right' },
];
/** Only on documents where a line has a discount, so the others print exactly as before. */
const DISCOUNT_COLUMN: Column = { title: 'Remise', width: 58, align: 'right' };

type PlacedColumn = Column & { x: number };

function placeColumns(withDiscount: boolean): PlacedColumn[] {
  const columns = withDiscount ? [...FIXED.slice(0, 5), DISCOUNT_COLUMN, ...FIXED.slice(5)] : FIXED;
  const used = columns.reduce((sum, c) => sum + c.width, 0);
  let x = PAGE.margin;
  return columns.map((column) => {
    const width = column.width || RIGHT - PAGE.margin - used;
    const placed = { ...column, width, x };
    x += width;
    return placed;
  });
}
export const COLUMNS: PlacedColumn[] = placeColumns(false);
const WITH_DISCOUNT = placeColumns(true);

function cellText(
  layout: Layout,
  columns: PlacedColumn[],
  text: string,
  index: number,
  y: number,
  bold = false,
  color = COLORS.text,
): void {
  const column = columns[index];
  const style = { size: bold ? 7.5 : SIZE, bold, color, numeric: column.align === 'right' };
  const fitted = layout.fit(text, column.width - 2 * PAD, style);
  if (column.align === 'right') layout.textRight(fitted, column.x + column.width - PAD, y, style);
  else layout.text(fitted, column.x + PAD, y, style);
}

export function drawTableHeader(layout: Layout, columns: PlacedColumn[] = COLUMNS): void {
  const top = layout.y;
  layout.rect(PAGE.margin, top - HEADER_HEIGHT, RIGHT - PAGE.margin, HEADER_HEIGHT, COLORS.accent);
  columns.forEach((column, i) => cellText(layout, columns, column.title, i, top - 12, true, COLORS.white));
  layout.y = top - HEADER_HEIGHT;
}

/** "10 %" or "5,00 €"; empty for a line without discount. */
export function discountCell(d: PdfLine['discount']): string {
  if (!d || !(d.value > 0)) return '';
  return d.type === 'percent' ? formatPercent(d.value) : formatMoney(d.value);
}

function numericCells(line: PdfLine, withDiscount: boolean): string[] {
  const cells = [formatNumber(line.quantity, 3), line.unit, formatNumber(line.unitPrice, 2, 2)];
  if (withDiscount) cells.push(discountCell(line.discount));
  return [...cells, formatNumber(line.vatRate, 2), formatMoney(line.totalHt)];
}

/** Draws one row, splitting it over several pages when its label is taller than the space left. */
function drawRow(layout: Layout, columns: PlacedColumn[], line: PdfLine): void {
  if (line.kind === 'spacer') {
    layout.ensure(LINE);
    layout.y -= LINE;
    return;
  }
  const comment = line.kind === 'comment';
  const labelColumn = columns[1];
  const labelWidth = (comment ? RIGHT - labelColumn.x : labelColumn.width) - 2 * PAD;
  let remaining = layout.wrap(line.label, labelWidth, { size: SIZE });
  let first = true;
  while (remaining.length > 0) {
    const capacity = Math.floor((layout.y - PAGE.bottom - 2 * PAD) / LINE);
    if (capacity < Math.min(remaining.length, 3) && !layout.isPageEmpty) {
      layout.addPage();
      continue;
    }
    const chunk = remaining.slice(0, Math.max(1, capacity));
    remaining = remaining.slice(chunk.length);
    const top = layout.y;
    const baseline = top - PAD - SIZE;
    if (first && !comment) {
      cellText(layout, columns, line.code, 0, baseline);
      numericCells(line, columns === WITH_DISCOUNT).forEach((text, i) =>
        cellText(layout, columns, text, i + 2, baseline),
      );
    }
    chunk.forEach((text, i) => {
      layout.text(text, labelColumn.x + PAD, baseline - i * LINE, {
        size: SIZE,
        color: comment ? COLORS.muted : COLORS.text,
      });
    });
    layout.y = top - chunk.length * LINE - 2 * PAD + 2;
    layout.hline(PAGE.margin, RIGHT, layout.y);
    first = false;
    if (remaining.length > 0) layout.addPage();
  }
}

/** Lines table from `layout.y`; the header is repeated on every page the table runs onto. */
export function drawLinesTable(layout: Layout, lines: PdfLine[]): void {
  const columns = lines.some((l) => l.kind === 'standard' && discountCell(l.discount)) ? WITH_DISCOUNT : COLUMNS;
  layout.ensure(HEADER_HEIGHT + 3 * LINE + 2 * PAD);
  drawTableHeader(layout, columns);
  layout.onNewPage = () => drawTableHeader(layout, columns);
  try {
    for (const line of lines) drawRow(layout, columns, line);
  } finally {
    layout.onNewPage = null;
  }
}
