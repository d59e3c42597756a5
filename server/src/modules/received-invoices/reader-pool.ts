import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatNumber } from '../../../../src/domain/format';
import { EInvoiceReadError } from '../../../../src/einvoice/parse';
import { OfficialRefusal } from './official-report';
import type { ReadInvoice } from './read';
import type { ReadAnswer, ReadRequest } from './reader-worker';

// Decision 074: a supplier's file is read in a worker thread, never on the event
// loop. A CII built to be slow (100 000 attributes on its root) froze every company's requests for a
// minute; the reader is linear and bounded now, and what is left (a 20 Mo XML takes a second or two,
// a PDF with thousands of objects more) runs here, while the server answers everyone else.
//
// A small pool shared by the process (like libuv's threads; it keeps nothing of a server's data):
// at most two threads, started on demand, each reading one file at a time; files wait their turn in
// order. A reading past READ_TIMEOUT_MS, or one that exhausts its thread's memory, ends that thread
// and is refused (422); a thread that grew a large heap is ended after its file, so the memory goes
// back to the system; an idle thread ends after IDLE_MS. Threads never keep the process alive.

/** Far beyond any real invoice (a 10 000-line CII reads in about a second). */
export const READ_TIMEOUT_MS = 30_000;
const IDLE_MS = 60_000;
/**
 * A thread whose heap passed this after a file is ended rather than kept. The official rules it
 * loaded (decision 086: the SEFs of the profiles it met, 350 Mo of heap when all nine are) stay for
 * the next files; a file that left 100 Mo more behind ends the thread.
 */
const RETIRE_HEAP_BYTES = 480 * 1024 * 1024;
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));
/**
 * A 20 Mo CII of 18 500 lines, or a million elements, keeps 100 to 120 Mo of heap while it is read;
 * the official rules add their SEFs (up to 350 Mo) and SaxonJS's tree of the XML (decision 086).
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 };

declare const WORKPLACE_COMPILED: boolean | undefined;
const compiled = typeof WORKPLACE_COMPILED !== 'undefined' && WORKPLACE_COMPILED;

interface Job {
  bytes: Uint8Array;
  name: string;
  transfer: boolean;
  timeoutMs: number;
  resolve(read: ReadInvoice): void;
  reject(error: unknown): void;
}

interface Reader {
  worker: Worker;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  idle: NodeJS.Timeout | null;
  ended: boolean;
}

const readers = new Set<Reader>();
const waiting: Job[] = [];
let nextId = 1;

const timeoutRefusal = (name: string, ms: number) =>
  new EInvoiceReadError(
    422,
    `La facture « ${name} » est refusée : sa lecture a dépassé ${formatNumber(ms / 1000, 3)}\u00a0s.`,
  );
const memoryRefusal = (name: string) =>
  new EInvoiceReadError(
    422,
    `La facture « ${name} » est refusée : sa lecture demande plus de mémoire que le serveur n’en accorde à une facture.`,
  );

/**
 * Reads a supplier's file in a worker thread: what was read, or EInvoiceReadError (415 / 422).
 * `transfer`: the bytes are handed to the thread without a copy (the caller no longer reads them).
 * `timeoutMs`: READ_TIMEOUT_MS unless a test says otherwise.
 */
export function readInvoiceOffThread(
  bytes: Uint8Array,
  name: string,
  opts: { transfer?: boolean; timeoutMs?: number } = {},
): Promise<ReadInvoice> {
  return new Promise<ReadInvoice>((resolve, reject) => {
    const { transfer = false, timeoutMs = READ_TIMEOUT_MS } = opts;
    waiting.push({ bytes, name, transfer, timeoutMs, resolve, reject });
    dispatch();
  });
}

function dispatch() {
  while (waiting.length > 0) {
    let reader = [...readers].find((r) => !r.job && !r.ended);
    if (!reader) {
      if (readers.size >= POOL_SIZE) return;
      reader = start();
    }
    send(reader, waiting.shift()!);
  }
}

function start(): Reader {
  const options = { name: 'lecture des factures reçues', resourceLimits: RESOURCE_LIMITS };
  let worker: Worker;
  if (compiled) {
    worker = new Worker(new URL('./einvoice-reader.js', import.meta.url), options);
  } else {
    // From the sources (tests, tsx): the thread registers tsx's loader, then imports the TypeScript.
    // (require.resolve names tsx's CommonJS build; its ES module sits beside it.)
    const api = createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs');
    const tsx = pathToFileURL(api).href;
    const entry = new URL('./reader-worker.ts', import.meta.url).href;
    worker = new Worker(
      `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
      { ...options, eval: true },
    );
  }
  worker.unref();
  const reader: Reader = { worker, job: null, idle: null, ended: false };
  readers.add(reader);
  worker.on('message', (answer: ReadAnswer & { heapBytes: number }) => finish(reader, answer));
  worker.on('error', (error: Error & { code?: string }) => {
    const job = reader.job;
    end(reader);
    job?.reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? memoryRefusal(job.name) : error);
  });
  worker.on('exit', () => {
    const job = reader.job;
    end(reader);
    job?.reject(new Error(`Le fil de lecture des factures s’est arrêté pendant la lecture de « ${job.name} ».`));
  });
  return reader;
}

function send(reader: Reader, job: Job) {
  if (reader.idle) clearTimeout(reader.idle);
  reader.idle = null;
  const id = nextId++;
  const timer = setTimeout(() => {
    end(reader);
    job.reject(timeoutRefusal(job.name, job.timeoutMs));
  }, job.timeoutMs);
  timer.unref();
  reader.job = { ...job, id, timer };
  const request: ReadRequest = { id, bytes: job.bytes, name: job.name };
  const { buffer, byteOffset, byteLength } = job.bytes;
  // Only a buffer the bytes fill alone is handed over (never a shared pool's slab); others are copied.
  const transferable =
    job.transfer && byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer;
  reader.worker.postMessage(request, transferable ? [buffer] : []);
}

function finish(reader: Reader, answer: ReadAnswer & { heapBytes: number }) {
  const job = reader.job;
  if (!job || job.id !== answer.id) return;
  clearTimeout(job.timer);
  reader.job = null;
  if (answer.heapBytes > RETIRE_HEAP_BYTES) end(reader);
  else {
    reader.idle = setTimeout(() => end(reader), IDLE_MS);
    reader.idle.unref();
  }
  if (answer.ok) job.resolve(answer.read);
  else if ('fault' in answer) job.reject(new Error(`Lecture de « ${job.name} » : ${answer.fault}`));
  else if (answer.report) job.reject(new OfficialRefusal(answer.message, answer.details, answer.report));
  else job.reject(new EInvoiceReadError(answer.status, answer.message, answer.details));
  dispatch();
}

/** Ends a thread (its job, if any, is the caller's to answer) and lets the next file start another. */
function end(reader: Reader) {
  if (reader.ended) return;
  reader.ended = true;
  readers.delete(reader);
  if (reader.job) clearTimeout(reader.job.timer);
  reader.job = null;
  if (reader.idle) clearTimeout(reader.idle);
  void reader.worker.terminate();
  queueMicrotask(dispatch);
}
