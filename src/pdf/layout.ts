/** Page cursor and drawing primitives shared by the renderer blocks. */
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import { breakableWords, drawableText } from './text';

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
  /** Tabular figures (regular weight): amounts and quantities in columns. */
  numeric?: boolean;
  size?: number;
  color?: RGB;
}

export interface LayoutFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The regular font embedded with the `tnum` feature (its hyphen is wide: numbers only). */
  numeric: PDFFont;
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
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: LayoutFonts,
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
    if (style.bold) return this.fonts.bold;
    return style.numeric ? this.fonts.numeric : this.fonts.regular;
  }

  /** Text the font can draw: plain spaces, unknown characters reduced to their base letter or '?'. */
  clean(text: string, font: PDFFont): string {
    let charset = this.charsets.get(font);
    if (!charset) {
      charset = new Set(font.getCharacterSet());
      this.charsets.set(font, charset);
    }
    return drawableText(text, charset);
  }

  /** Width at size 1, cached: fontkit shaping is the costly part of rendering. */
  private unitWidth(text: string, font: PDFFont): number {
    let cache = this.widths.get(font);
    if (!cache) {
      cache = new Map();
      this.widths.set(font, cache);
    }
    let width = cache.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(this.clean(text, font), 1);
      cache.set(text, width);
    }
    return width;
  }

  width(text: string, style: TextStyle = {}): number {
    return this.unitWidth(text, this.font(style)) * (style.size ?? 9);
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

  /** Longest prefix length (at least 1) of `text` + `suffix` that fits in `maxWidth` (binary search). */
  private fittingLength(text: string, maxWidth: number, style: TextStyle, suffix = ''): number {
    let low = 1;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.width(text.slice(0, mid) + suffix, style) <= maxWidth) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** Cuts the text with an ellipsis so that it fits in `maxWidth`. */
  fit(text: string, maxWidth: number, style: TextStyle = {}): string {
    if (this.width(text, style) <= maxWidth) return text;
    return `${text.slice(0, this.fittingLength(text, maxWidth, style, '…')).trimEnd()}…`;
  }

  /** Word wrap (explicit line breaks kept, over-long words split); widths summed word by word. */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    const space = this.width(' ', style);
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      let current = '';
      let currentWidth = 0;
      for (const word of breakableWords(paragraph)) {
        const wordWidth = this.width(word, style);
        if (current && currentWidth + space + wordWidth <= maxWidth) {
          current = `${current} ${word}`;
          currentWidth += space + wordWidth;
          continue;
        }
        if (current) lines.push(current);
        current = word;
        currentWidth = wordWidth;
        while (currentWidth > maxWidth && current.length > 1) {
          const cut = this.fittingLength(current, maxWidth, style);
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
          currentWidth = this.width(current, style);
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
