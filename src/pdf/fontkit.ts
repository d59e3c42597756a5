/**
 * fontkit engine for @cantoo/pdf-lib. @cantoo/pdf-lib calls `subset.encode()` with no argument
 * whenever it exists, but @pdf-lib/fontkit's `encode(stream)` needs a stream and crashes; hiding
 * it (through a proxy) makes pdf-lib fall back to `encodeStream()`, the API @pdf-lib/fontkit really offers.
 * Fonts given as WOFF 1.0 are unwrapped to SFNT first (fontkit cannot subset WOFF).
 * A font file is parsed once and its fontkit font shared by every document (parsing Inter was about
 * half of a one-page invoice's time): each document still gets its own subset, and fontkit's layout
 * runs synchronously, so documents rendered at the same time never see each other's state.
 * Decision 085: but fontkit caches one glyph object per glyph id, with the code points of whoever asked
 * for it first, and pdf-lib writes a document's ToUnicode map (what pdftotext, search and screen
 * readers read) from those code points. Subsetting « , » (built in Inter from the glyph of « ’ »)
 * created the « ’ » glyph with no code points, so every later document of the process printed
 * « Date d’échéance » that extracted as « Date d échéance » or « Date d1échéance ». Each layout now gets
 * glyphs carrying the code points of its own text.
 */
import type { PDFDocument } from '@cantoo/pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { woffToSfnt } from './woff';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

type Font = ReturnType<typeof fontkit.create>;
const parsed = new WeakMap<Uint8Array, Map<string, Font>>();

export const subsettingFontkit: Fontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    const sfnt = woffToSfnt(bytes);
    let fonts = parsed.get(sfnt);
    if (!fonts) parsed.set(sfnt, (fonts = new Map()));
    let font = fonts.get(postscriptName ?? '');
    if (!font) fonts.set(postscriptName ?? '', (font = subsettable(fontkit.create(sfnt, postscriptName))));
    return font;
  },
};

type Glyph = ReturnType<Font['getGlyph']>;

const sameCodePoints = (a: readonly number[] | undefined, b: readonly number[]) =>
  !!a && a.length === b.length && a.every((c, i) => c === b[i]);

function subsettable(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font) as (id: number, codePoints?: number[]) => Glyph;
  // The cached glyph when it already says these code points; else a view of it that does (decision 085).
  (font as { getGlyph: (id: number, codePoints?: number[]) => Glyph }).getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (!codePoints || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints, enumerable: true } }) as Glyph;
  };
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    // Methods stay bound to the real subset, whose encodeStream() calls its own encode(stream).
    return new Proxy(subset, {
      get(target, property) {
        if (property === 'encode') return undefined;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return font;
}
