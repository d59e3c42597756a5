/**
 * fontkit engine for @cantoo/pdf-lib. @cantoo/pdf-lib calls `subset.encode()` with no argument
 * whenever it exists, but @pdf-lib/fontkit's `encode(stream)` needs a stream and crashes; hiding
 * it (through a proxy) makes pdf-lib fall back to `encodeStream()`, the API @pdf-lib/fontkit really offers.
 * Fonts given as WOFF 1.0 are unwrapped to SFNT first (fontkit cannot subset WOFF).
 */
import type { PDFDocument } from '@cantoo/pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { woffToSfnt } from './woff';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

export const subsettingFontkit: Fontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(woffToSfnt(bytes), postscriptName);
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
  },
};
