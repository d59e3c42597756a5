// The lines table (INV-29, INV-19): catalogue article (reduced per the rulebook), free, comment ('CC')
// and spacer ('ES') lines, inline edit/read state, move (a step, or to a position), duplicate, remove. Totals come from src/domain.
import { newLine, toInvoiceCatalogEntry } from '../../domain/articles';
import { lineTotal } from '../../domain/totals';
import type { Article, InvoiceLine } from '../../domain/types';
import type { EditorLine } from './types';

let counter = 0;
/** Unique within the page: lines only need to be told apart inside one document. */
export function newLineId(): string {
  counter += 1;
  return `l-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Lines read from the server keep their id; lines without one get a local id. Shown read-only. */
export function withLineIds(lines: readonly InvoiceLine[]): EditorLine[] {
  const seen = new Set<string>();
  return lines.map((l) => {
    const id = l.id === undefined || l.id === null || l.id === '' || seen.has(String(l.id)) ? newLineId() : l.id;
    seen.add(String(id));
    return { ...l, id, status: 'read' as const };
  });
}

/** A new line opens in edit state; the others close, so one line is edited at a time. */
function append(lines: readonly EditorLine[], line: InvoiceLine): EditorLine[] {
  return [
    ...lines.map((l) => (l.status === 'edit' ? { ...l, status: 'read' as const } : l)),
    { ...line, id: newLineId(), status: 'edit' },
  ];
}

/** INV-20: the catalogue entry is reduced to code, unit, price and VAT; the label is the article's. */
export function addArticleLine(lines: readonly EditorLine[], article: Article): EditorLine[] {
  const label = article.label?.trim() ? article.label : (article.designation ?? '');
  // A Commentaire article carries text only: it becomes a comment line.
  if (article.type === 'Commentaire') return append(lines, { ...newLine('comment'), label });
  return append(lines, { ...newLine('standard', toInvoiceCatalogEntry(article)), label });
}

export function addBlankLine(lines: readonly EditorLine[], kind: 'standard' | 'comment' | 'spacer'): EditorLine[] {
  return append(lines, newLine(kind));
}

type LinePatch = Partial<
  Pick<InvoiceLine, 'label' | 'quantity' | 'unitMeasurement' | 'unitPrice' | 'vatRate' | 'code' | 'discount'>
>;

export function updateLine(lines: readonly EditorLine[], id: EditorLine['id'], patch: LinePatch): EditorLine[] {
  return lines.map((l) => {
    if (l.id !== id) return l;
    const next = { ...l, ...patch };
    return { ...next, total: lineTotal(next) };
  });
}

export function setLineStatus(
  lines: readonly EditorLine[],
  id: EditorLine['id'],
  status: 'edit' | 'read',
): EditorLine[] {
  return lines.map((l) =>
    l.id === id ? { ...l, status } : status === 'edit' && l.status === 'edit' ? { ...l, status: 'read' as const } : l,
  );
}

export function removeLine(lines: readonly EditorLine[], id: EditorLine['id']): EditorLine[] {
  return lines.filter((l) => l.id !== id);
}

/** delta -1 up, +1 down; a move past either end changes nothing. */
export function moveLine(lines: readonly EditorLine[], id: EditorLine['id'], delta: -1 | 1): EditorLine[] {
  const from = lines.findIndex((l) => l.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= lines.length) return [...lines];
  const next = [...lines];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/**
 * To a position (1 for the first) in one step: in a quote of 150 lines, a line added at the end
 * reaches the middle without 75 « Monter ». A position outside the list goes to its nearest end.
 */
export function moveLineTo(lines: readonly EditorLine[], id: EditorLine['id'], position: number): EditorLine[] {
  const from = lines.findIndex((l) => l.id === id);
  if (from < 0) return [...lines];
  const to = Math.min(Math.max(Math.trunc(position) - 1, 0), lines.length - 1);
  const next = [...lines];
  const [line] = next.splice(from, 1);
  next.splice(to, 0, line);
  return next;
}

/** A copy right below the line, in edit state to be adjusted (the others close), with its own id. */
export function duplicateLine(
  lines: readonly EditorLine[],
  id: EditorLine['id'],
  copyId: string = newLineId(),
): EditorLine[] {
  const at = lines.findIndex((l) => l.id === id);
  if (at < 0) return [...lines];
  const closed = lines.map((l) => (l.status === 'edit' ? { ...l, status: 'read' as const } : l));
  const copy: EditorLine = { ...lines[at], id: copyId, status: 'edit' };
  return [...closed.slice(0, at + 1), copy, ...closed.slice(at + 1)];
}
