// Upload rules (INBOX-1, INBOX-2). checkUpload judges what the browser declares (name, size, type)
// before sending; the server trusts none of it and runs sniffMimeType on the first bytes.
import { sniffMimeType } from './upload-sniff';

export { sniffMimeType } from './upload-sniff';

export const MAX_UPLOAD_BYTES = 52428800; // 50 Mo

/** MIME type for each accepted extension (lower case, without the dot). */
export const UPLOAD_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  rtf: 'application/rtf',
  doc: 'application/msword',
  odt: 'application/vnd.oasis.opendocument.text',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const ALLOWED_UPLOAD_EXTENSIONS: readonly string[] = Object.keys(UPLOAD_TYPE_BY_EXTENSION);

export const ALLOWED_UPLOAD_TYPES: readonly string[] = [
  ...new Set(Object.values(UPLOAD_TYPE_BY_EXTENSION)),
  'text/rtf',
];

/**
 * Types browsers really declare for accepted files: Windows labels .csv as
 * application/vnd.ms-excel (already accepted) or text/x-csv, some give no type at all ('')
 * or application/octet-stream. The extension still has to be an accepted one.
 */
const TOLERATED_DECLARED_TYPES: readonly string[] = [
  '',
  'application/octet-stream',
  'text/x-csv',
  'application/csv',
  'application/x-rtf',
];

/** For a file input's accept attribute. */
export const UPLOAD_ACCEPT = [...ALLOWED_UPLOAD_EXTENSIONS.map((e) => `.${e}`), ...ALLOWED_UPLOAD_TYPES].join(',');

export const UPLOAD_ALLOWED_LABEL = 'PDF, images (JPEG, PNG, GIF), texte, CSV, RTF, Word, OpenDocument, Excel';

export function fileExtension(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function uploadTooLargeMessage(name: string): string {
  return `Le fichier « ${name} » dépasse la taille maximale de 50 Mo.`;
}

export function uploadTypeRefusedMessage(name: string): string {
  return `Le type du fichier « ${name} » n'est pas autorisé. Types acceptés : ${UPLOAD_ALLOWED_LABEL}.`;
}

/** null when acceptable, else the French message to show. The type is judged first. */
export function checkUpload(file: { name: string; size: number; type: string }): string | null {
  const declared = (file.type ?? '').split(';')[0].trim().toLowerCase();
  const extensionOk = fileExtension(file.name) in UPLOAD_TYPE_BY_EXTENSION;
  const typeOk = ALLOWED_UPLOAD_TYPES.includes(declared) || TOLERATED_DECLARED_TYPES.includes(declared);
  if (!extensionOk || !typeOk) return uploadTypeRefusedMessage(file.name);
  if (!(file.size <= MAX_UPLOAD_BYTES)) return uploadTooLargeMessage(file.name);
  return null;
}

/** Same check on bytes already read (server side): content decides, the name only disambiguates. */
export function checkUploadContent(bytes: Uint8Array, name: string, size: number): string | null {
  if (!(size <= MAX_UPLOAD_BYTES)) return uploadTooLargeMessage(name);
  return sniffMimeType(bytes, name) === null ? uploadTypeRefusedMessage(name) : null;
}

const RESERVED = /[<>:"|?*]/g;
// C0 and C1 control characters (and DEL): invisible, and some break headers or terminals.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Invisible format characters (Unicode Cf: bidi embeddings, overrides and isolates U+202A–U+202E and
// U+2066–U+2069, marks U+200E/U+200F/U+061C, zero-width space U+200B, word joiner, BOM, tags…) and
// line/paragraph separators: "facture\u202Efdp.exe" would display as "factureexe.pdf". Zero-width
// (non-)joiners U+200C/U+200D stay: they spell words of some scripts and emoji, and reorder nothing.
const INVISIBLE = /(?![\u200c\u200d])[\p{Cf}\u2028\u2029]/gu;
const MAX_NAME_LENGTH = 200;

/**
 * A file name safe to store and to send back in Content-Disposition: last path component
 * only (no "../"), no control, invisible (bidi) or reserved characters, no leading dots (hidden
 * files), no trailing dots/spaces (Windows drops them), at most 200 characters with the extension kept.
 */
export function sanitizeFileName(name: string): string {
  let s = (name ?? '').normalize('NFC');
  s = s.split(/[/\\]/).pop() ?? '';
  s = s.replace(CONTROL, '').replace(INVISIBLE, '').replace(RESERVED, '').trim();
  s = s.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  const chars = Array.from(s); // code points: never cut an emoji or accent in half
  if (chars.length > MAX_NAME_LENGTH) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 ? Array.from(s.slice(dot)) : [];
    const keepExt = ext.length > 1 && ext.length <= 16 ? ext : [];
    const base = Array.from(keepExt.length ? s.slice(0, dot) : s);
    s =
      base
        .slice(0, MAX_NAME_LENGTH - keepExt.length)
        .join('')
        .trimEnd() + keepExt.join('');
  }
  return s === '' ? 'fichier' : s;
}
