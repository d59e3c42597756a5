/**
 * fontkit engine for @cantoo/pdf-lib. @cantoo/pdf-lib calls `subset.encode()` with no argument
 * whenever it exists, but @pdf-lib/fontkit's `encode(stream)` needs a stream and crashes; hiding
 * it (through a proxy) makes pdf-lib fall back to `encodeStream()`, the API @pdf-lib/fontkit really offers.
 * Fonts given as WOFF 1.0 are unwrapped to SFNT first (fontkit cannot subset WOFF).
 * A font file is parsed once and its fontkit font shared by every document (parsing Inter was about
 * half of a one-page invoice's time): each document still gets its own subset, and fontkit's layout
 * runs synchronously, so documents rendered at the same time never see each other's state.
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

function subsettable(font: Font): Font {
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
