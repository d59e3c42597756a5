import type { ApiClient } from './test-server';

// Multipart helpers for the upload tests and the bench: the browser's FormData, sent by fetch.

export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0,
  0, 0,
]);

/** A "PDF" of exactly `size` bytes: the magic header then padding. */
export function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n').subarray(0, size));
  return bytes;
}

export function uploadForm(
  files: Array<{ bytes: Uint8Array; name: string; type?: string }>,
  category?: number | string | null,
): FormData {
  const form = new FormData();
  if (category != null) form.append('category', String(category));
  for (const f of files)
    form.append('file', new Blob([f.bytes as BlobPart], { type: f.type ?? 'application/pdf' }), f.name);
  return form;
}

export function upload(
  api: ApiClient,
  form: FormData,
  opts: { token: string; company?: number; idempotencyKey?: string },
) {
  return api.request('POST', '/api/my-inbox/documents/upload', { ...opts, rawBody: form });
}
