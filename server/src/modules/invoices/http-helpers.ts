import type { Permission } from '../../../../src/domain/rights';

// Rights for this module (RIGHTS-1, RIGHTS-2): mesFactures > listeFactures for invoices, > listeDevis for quotes.
export const invoiceRight = (permission: Permission) =>
  ({ menu: 'mesFactures', child: 'listeFactures', permission }) as const;
export const quoteRight = (permission: Permission) =>
  ({ menu: 'mesFactures', child: 'listeDevis', permission }) as const;

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name (accents kept). */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'inline'): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function pdfResponse(bytes: Uint8Array, fileName: string, type: 'inline' | 'attachment' = 'inline'): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(fileName, type),
      // A draft's preview changes with every save; a validated PDF is private to the company.
      'Cache-Control': 'private, no-store',
    },
  });
}

/** A file name the client proposes: no path, no control character, always ending in .pdf. */
export function cleanPdfFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '')
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
    .trim()
    .slice(0, 150);
  if (!base || /^\.+$/.test(base)) return fallback;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}
