// The receipt of an expense, photographed on the tablet: resized on the device to 1600 px at most
// on its long side and re-encoded as JPEG before it is put in base64, so a phone's 12 Mpx photo
// weighs a few hundred kilobytes in the outbox and on the wire (the server takes 4 MB at most).

export const MAX_SIDE = 1600;
const QUALITY = 0.85;

/** The size to draw at: the long side brought down to `max`, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export interface ReceiptPhoto {
  receipt: { fileName: string; contentType: string; base64: string };
  /** A data: URL of the resized photo, for the thumbnail. */
  preview: string;
  bytes: number;
}

const UNREADABLE = 'Cette image ne peut pas être lue : choisissez une photo (JPEG, PNG ou WebP).';

export async function receiptFromPhoto(file: File): Promise<ReceiptPhoto> {
  if (!file.type.startsWith('image/')) throw new Error(UNREADABLE);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(UNREADABLE);
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error(UNREADABLE);
  g.fillStyle = '#fff'; // a transparent PNG gets a white background, not a black one
  g.fillRect(0, 0, size.width, size.height);
  g.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const preview = canvas.toDataURL('image/jpeg', QUALITY);
  const base64 = preview.slice(preview.indexOf(',') + 1);
  const name = file.name.replace(/\.[^.]*$/, '') || 'justificatif';
  return {
    receipt: { fileName: `${name}.jpg`, contentType: 'image/jpeg', base64 },
    preview,
    bytes: Math.floor((base64.length * 3) / 4),
  };
}
