/** Page cursor and drawing primitives shared by the renderer blocks. */
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import { normalizeSpaces } from './format';

export const PAGE = { width: 595.28, height: 841.89, margin: 42, bottom: 64 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const RIGHT = PAGE.width - PAGE.margin;

export const COLORS = {
  text: rgb(0.13, 0.15, 0.19),
  muted: rgb(0.42, 0.45, 0.5),
  accent: rgb(0.13, 0.26, 0.45),
  line: rgb(0.8, 0.83, 0.87),
  band: rgb(0.93, 0.95, 0.97),
  danger: rgb(0.72, 0.11, 0.11),
  white: rgb(1, 1, 1),
} as const;

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: RGB;
}

export class Layout {
  page!: PDFPage;
  /** Baseline cursor: the next content goes below this y. */
  y = 0;
  /** Drawn at the top of every page added while set (repeated table header). */
  onNewPage: (() => void) | null = null;
  /** `y` right after the page furniture of the current page: nothing was drawn below it yet. */
  pageStartY = 0;
  private readonly charsets = new Map<PDFFont, Set<number>>();

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly continuationTitle: string,
  ) {
    this.addPage();
  }

  get pageCount(): number {
    return this.doc.getPageCount();
  }

  addPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    if (this.pageCount > 1) {
      this.text(this.continuationTitle, PAGE.margin, this.y - 8, { size: 8, color: COLORS.muted });
      this.y -= 22;
    }
    this.onNewPage?.();
    this.pageStartY = this.y;
  }

  get isPageEmpty(): boolean {
    return this.y >= this.pageStartY - 0.01;
  }

  /** Starts a new page when `height` does not fit above the footer. Returns true if it did. */
  ensure(height: number): boolean {
    if (this.y - height >= PAGE.bottom) return false;
    this.addPage();
    return true;
  }

  font(style: TextStyle = {}): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  /** Text the font can draw: plain spaces, unknown characters reduced to their base letter or '?'. */
  clean(text: string, font: PDFFont): string {
    let charset = this.charsets.get(font);
    if (!charset) {
      charset = new Set(font.getCharacterSet());
      this.charsets.set(font, charset);
    }
    const known = charset;
    return [...normalizeSpaces(text).replace(/[\u0000-\u001f\u007f-\u009f\u200c-\u200f\u2028\u2029\ufeff]/g, '')]
      .map((char) => {
        if (known.has(char.codePointAt(0)!)) return char;
        const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
        return [...base].every((c) => known.has(c.codePointAt(0)!)) && base.length > 0 ? base : '?';
      })
      .join('');
  }

  width(text: string, style: TextStyle = {}): number {
    const font = this.font(style);
    return font.widthOfTextAtSize(this.clean(text, font), style.size ?? 9);
  }

  text(text: string, x: number, y: number, style: TextStyle = {}): void {
    const font = this.font(style);
    const clean = this.clean(text, font);
    if (clean.trim() === '') return;
    this.page.drawText(clean, { x, y, font, size: style.size ?? 9, color: style.color ?? COLORS.text });
  }

  textRight(text: string, right: number, y: number, style: TextStyle = {}): void {
    this.text(text, right - this.width(text, style), y, style);
  }

  /** Cuts the text with an ellipsis so that it fits in `maxWidth`. */
  fit(text: string, maxWidth: number, style: TextStyle = {}): string {
    if (this.width(text, style) <= maxWidth) return text;
    let cut = text;
    while (cut.length > 0 && this.width(`${cut}…`, style) > maxWidth) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  }

  /** Word wrap (explicit line breaks kept, over-long words split). */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      let current = '';
      for (const word of paragraph.split(/[ \t\u00a0\u202f]+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (this.width(candidate, style) <= maxWidth) {
          current = candidate;
          continue;
        }
        if (current) lines.push(current);
        current = word;
        while (this.width(current, style) > maxWidth && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && this.width(current.slice(0, cut), style) > maxWidth) cut -= 1;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
      lines.push(current);
    }
    return lines;
  }

  hline(x1: number, x2: number, y: number, color: RGB = COLORS.line, thickness = 0.5): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
  }

  rect(x: number, y: number, width: number, height: number, fill?: RGB, border?: RGB): void {
    this.page.drawRectangle({
      x,
      y,
      width,
      height,
      color: fill,
      borderColor: border,
      borderWidth: border ? 0.6 : 0,
    });
  }
}
