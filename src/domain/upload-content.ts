// Server-side judgement of an uploaded file's first bytes (INBOX-2): the content must be an
// accepted type AND the type its extension announces. A PNG renamed "facture.pdf" is an accepted
// type, but storing it as a PDF would mislabel it (wrong preview, wrong Content-Type): refused.
import { sniffMimeType } from './upload-sniff';
import { fileExtension, uploadTypeRefusedMessage, UPLOAD_TYPE_BY_EXTENSION } from './uploads';

/** Bytes the server reads before judging (an OpenDocument "mimetype" entry ends near byte 80). */
export const UPLOAD_SNIFF_BYTES = 4100;

/** The MIME type to store, or null when the content is refused for this name. */
export function acceptedUploadType(head: Uint8Array, name: string): string | null {
  const sniffed = sniffMimeType(head, name);
  const announced = UPLOAD_TYPE_BY_EXTENSION[fileExtension(name)];
  if (!sniffed || !announced) return null;
  return sniffed === announced ? sniffed : null;
}

/** null when acceptable, else the French message (same wording as the browser-side check). */
export function checkUploadHead(head: Uint8Array, name: string): string | null {
  return acceptedUploadType(head, name) ? null : uploadTypeRefusedMessage(name);
}
