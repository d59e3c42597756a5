/**
 * fontkit engine for @cantoo/pdf-lib. @cantoo/pdf-lib calls `subset.encode()` with no argument
 * whenever it exists, but @pdf-lib/fontkit's `encode(stream)` needs a stream and crashes; hiding
 * it makes pdf-lib fall back to `encodeStream()`, the API @pdf-lib/fontkit really offers.
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
      Object.defineProperty(subset, 'encode', { value: undefined, configurable: true });
      return subset;
    };
    return font;
  },
};
