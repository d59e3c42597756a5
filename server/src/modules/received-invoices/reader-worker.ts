import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { EInvoiceReadError } from '../../../../src/einvoice/parse';
import { OfficialRefusal, type OfficialReport } from './official-report';
import { readSupplierInvoice, type ReadInvoice } from './read';

// One thread of the e-invoice readers (reader-pool.ts, decision 074): reads the files it is sent,
// one at a time, and answers what the server keeps of it or why not, with the size of its heap
// afterwards (the pool ends a thread that grew large). Compiled on its own: dist/server/einvoice-reader.js.

export interface ReadRequest {
  id: number;
  bytes: Uint8Array;
  name: string;
}
export type ReadAnswer =
  | { id: number; ok: true; read: ReadInvoice }
  | { id: number; ok: false; status: 415 | 422; message: string; details: string[]; report?: OfficialReport }
  | { id: number; ok: false; fault: string };

const port = parentPort;
if (!port) throw new Error('reader-worker.ts se lance comme fil de lecture (worker_threads), pas seul.');

/**
 * What the server uses of a reading (the row, the duplicate check): the notes, allowances and raw
 * figures stay here, so that a file with 100 000 notes costs the event loop nothing to receive.
 */
function kept(read: ReadInvoice): ReadInvoice {
  const { parsed } = read;
  return {
    ...read,
    parsed: {
      ...parsed,
      invoice: { ...parsed.invoice, notes: [], allowances: [] },
      raw: { ...parsed.raw, lines: [], charges: [] },
      readFindings: [],
      xmlText: '',
    },
  };
}

const answerOf = async ({ id, bytes, name }: ReadRequest): Promise<ReadAnswer> => {
  try {
    return { id, ok: true, read: kept(await readSupplierInvoice(bytes, name)) };
  } catch (error) {
    if (error instanceof EInvoiceReadError)
      return {
        id,
        ok: false,
        status: error.status,
        message: error.message,
        details: error.details,
        ...(error instanceof OfficialRefusal ? { report: error.report } : {}),
      };
    return { id, ok: false, fault: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
};

port.on('message', (request: ReadRequest) => {
  void answerOf(request).then((answer) =>
    port.postMessage({ ...answer, heapBytes: getHeapStatistics().total_heap_size }),
  );
});
