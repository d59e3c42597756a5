import type * as PdfJs from 'pdfjs-dist';

let loading: Promise<typeof PdfJs> | null = null;

/**
 * pdf.js is ~1 MB with its worker: loaded on the first preview only, never on the sign-in page.
 * Both files are precached by the service worker (globPatterns include .mjs), so previews work offline.
 */
export function loadPdfJs(): Promise<typeof PdfJs> {
  loading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    .then(([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    })
    .catch((e: unknown) => {
      loading = null; // a failed chunk load (offline before the precache finished) can be retried
      throw e;
    });
  return loading;
}
