/** PWA side: the same font files as the server, emitted by Vite (hashed URLs, precached by the SW). */
import boldUrl from '@fontsource/inter/files/inter-latin-700-normal.woff?url';
import regularUrl from '@fontsource/inter/files/inter-latin-400-normal.woff?url';
import type { PdfFonts } from './types';

let cached: Promise<PdfFonts> | null = null;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Police du PDF indisponible (${response.status}) : ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function load(): Promise<PdfFonts> {
  const [regular, bold] = await Promise.all([fetchBytes(regularUrl), fetchBytes(boldUrl)]);
  return { regular, bold };
}

/** Loaded once per page (a failed load, e.g. offline before the first precache, is retried). */
export function loadPdfFontsBrowser(): Promise<PdfFonts> {
  cached ??= load().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
