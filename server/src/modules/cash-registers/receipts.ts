// The receipt photo of a cash expense: base64 in the movement, checked by its content (JPEG, PNG,
// WebP or PDF), 4 MB at most, kept in the documents' file store under its SHA-256 (which the
// movement's hash covers).
import { HttpError } from '../../http/errors';

export const MAX_RECEIPT_BYTES = 4 * 1024 * 1024;

export interface ReceiptIn {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** The type the bytes really are, or null. */
export function receiptType(b: Uint8Array): string | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(b, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export function readReceipt(r: { fileName: string; contentType: string; base64: string }, field: string): ReceiptIn {
  const text = r.base64.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text.replace(/\s/g, '')))
    throw new HttpError(422, `Le justificatif « ${field} » n’est pas encodé en base64.`, {
      field,
      errors: [`Le justificatif « ${field} » n’est pas encodé en base64.`],
    });
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  if (bytes.byteLength > MAX_RECEIPT_BYTES)
    throw new HttpError(413, `Le justificatif « ${field} » dépasse 4 Mo.`, { field });
  const type = receiptType(bytes);
  if (!type)
    throw new HttpError(415, `Le justificatif « ${field} » doit être une photo JPEG, PNG ou WebP, ou un PDF.`, {
      field,
    });
  return { fileName: r.fileName, contentType: type, bytes };
}
