/** Server side: reads the Inter font files (WOFF 1.0, Latin subset) from node_modules. Node only. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PdfFonts } from './types';

export const FONT_FILES = {
  regular: '@fontsource/inter/files/inter-latin-400-normal.woff',
  bold: '@fontsource/inter/files/inter-latin-700-normal.woff',
} as const;

let cached: Promise<PdfFonts> | null = null;

async function load(): Promise<PdfFonts> {
  const require = createRequire(import.meta.url);
  const [regular, bold] = await Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}

/** Loaded once per process (a failed load is retried on the next call). */
export function loadPdfFontsNode(): Promise<PdfFonts> {
  cached ??= load().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
