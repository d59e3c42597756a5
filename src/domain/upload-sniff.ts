// Content-based type detection for uploads (INBOX-2), run by the server on the first bytes
// of a file: a renamed .exe must not pass as a .pdf. The name is only used where the bytes
// cannot tell (OLE2 .doc vs .xls, ZIP .docx vs .xlsx vs .odt, .txt vs .csv).

const ODT_MIMETYPE_ENTRY = 'mimetypeapplication/vnd.oasis.opendocument.text';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

function extensionOf(fileName: string): string {
  const base = (fileName ?? '').split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * Well-formed UTF-8 (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF). A sequence cut by
 * the end of the buffer is accepted: the server only looks at the first bytes of a file.
 */
export function isUtf8(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min = 0x80;
    let max = 0xbf; // allowed range of the second byte
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) min = 0xa0; // overlong
      if (b === 0xed) max = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) min = 0x90; // overlong
      if (b === 0xf4) max = 0x8f; // above U+10FFFF
    } else return false;
    for (let k = 1; k <= need; k++) {
      if (i + k >= bytes.length) return true; // truncated at the end of the sample
      const c = bytes[i + k];
      if (k === 1 ? c < min || c > max : c < 0x80 || c > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}

/**
 * Text without NUL. Valid UTF-8 is text; otherwise a legacy 8-bit file (a French Excel CSV
 * is often Windows-1252) is still text when it has no control byte besides tab, line feed,
 * form feed, carriage return and the old end-of-file mark (0x1A).
 */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  if (isUtf8(bytes)) return true;
  return bytes.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x1a);
}

function zipType(bytes: Uint8Array, ext: string): string | null {
  // An OpenDocument file stores an uncompressed "mimetype" entry first: its name starts at
  // offset 30 of the first local header, followed by the content.
  const hasMimetypeEntry = startsWith(bytes, ascii('mimetype'), 30);
  if (ext === 'odt') {
    if (!hasMimetypeEntry) return 'application/vnd.oasis.opendocument.text';
    const full = ascii(ODT_MIMETYPE_ENTRY);
    // Present but cut by the sample: judge what we have.
    const available = Math.min(full.length, bytes.length - 30);
    return startsWith(bytes, full.slice(0, available), 30) ? 'application/vnd.oasis.opendocument.text' : null;
  }
  if (hasMimetypeEntry) return null; // an OpenDocument file renamed .docx/.xlsx
  if (ext === 'docx') return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (ext === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return null;
}

/** The accepted MIME type these bytes really are, or null when not an accepted type. */
export function sniffMimeType(bytes: Uint8Array, fileName: string): string | null {
  const ext = extensionOf(fileName);
  if (startsWith(bytes, ascii('%PDF'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('{\\rtf'))) return 'application/rtf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (ext === 'doc') return 'application/msword';
    if (ext === 'xls') return 'application/vnd.ms-excel';
    return null;
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipType(bytes, ext);
  if ((ext === 'txt' || ext === 'csv') && isText(bytes)) return ext === 'csv' ? 'text/csv' : 'text/plain';
  return null;
}
