// Saving a file the app received (blob) under its name, and reading that name from the server's
// Content-Disposition (RFC 6266: filename* in UTF-8 wins over the ASCII fallback).

export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      /* malformed: try the plain one */
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain?.[1].trim() || fallback;
}

/** Hands a blob to the browser's download manager. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the URL; revoking later lets slow browsers pick it up.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
