// Decision 074: a supplier's PDF is opened, and its streams decompressed, with a
// hard limit on what they become. pdf-lib decodes a whole stream at once (its FlateStream grows one
// buffer to the end of a deflate block, however long), so a 2.5 kB stream compressed twice became
// 1 GB. Here each filter of a stream is applied on its own, stopped as soon as its output passes
// 20 Mo (FlateDecode by zlib, whose inflate stops at `maxOutputLength`; the other filters by
// pdf-lib's decoders, read by pieces), and everything one file inflates counts against 50 Mo. The
// streams pdf-lib inflates while it opens the file (object streams, cross-reference streams) go
// through the same limit: they are decoded here first, and handed to pdf-lib decoded.
// Server-side (node:zlib); the rest of src/einvoice/parse.ts only needs what this module answers.
import { inflateRawSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFParser,
  PDFRawStream,
  type PDFContext,
  type PDFObject,
  type PDFRef,
} from '@cantoo/pdf-lib';

/** One stream, once decoded (a real invoice's XML is a few hundred kB, an object stream a few kB). */
export const MAX_INFLATED_STREAM_BYTES = 20 * 1024 * 1024;
/** Everything one file inflates: the size of the largest upload. */
export const MAX_INFLATED_FILE_BYTES = 50 * 1024 * 1024;

/** A stream decoded past its limit ('stream'), or a file whose streams together pass theirs ('file'). */
export class InflateLimitError extends Error {
  constructor(readonly limit: 'stream' | 'file') {
    super(
      limit === 'stream'
        ? 'Flux décompressé au-delà de la limite'
        : 'Flux du fichier décompressés au-delà de la limite',
    );
    this.name = 'InflateLimitError';
  }
}

/** What one file may still inflate. */
export class InflateBudget {
  private used = 0;
  constructor(
    readonly perStream = MAX_INFLATED_STREAM_BYTES,
    readonly perFile = MAX_INFLATED_FILE_BYTES,
  ) {}

  /** The most the next filter may produce, and the limit that bounds it. */
  room(): { bytes: number; limit: 'stream' | 'file' } {
    const left = this.perFile - this.used;
    return left < this.perStream
      ? { bytes: Math.max(0, left), limit: 'file' }
      : { bytes: this.perStream, limit: 'stream' };
  }

  spend(bytes: number) {
    this.used += bytes;
  }
}

const FILTER = PDFName.of('Filter');
const DECODE_PARMS = PDFName.of('DecodeParms');
const FLATE = PDFName.of('FlateDecode');
/** How much of a pdf-lib decoder is read at a time. */
const STEP = 64 * 1024;

/**
 * A stream's bytes with its filters applied, each stopped past the budget's room (InflateLimitError).
 * Other errors are the stream's own (broken data, unknown filter), as pdf-lib's decodePDFRawStream throws them.
 */
export function decodeStreamBounded(stream: PDFRawStream, budget: InflateBudget): Uint8Array {
  const { dict } = stream;
  const filter = dict.lookup(FILTER);
  const parms = dict.lookup(DECODE_PARMS);
  const stages: Array<[PDFName, PDFObject | undefined]> = [];
  if (filter instanceof PDFName) stages.push([filter, parms]);
  else if (filter instanceof PDFArray)
    for (let i = 0; i < filter.size(); i++)
      stages.push([filter.lookup(i, PDFName), parms instanceof PDFArray ? parms.lookupMaybe(i, PDFDict) : undefined]);
  else if (filter) throw new Error('Filtre de flux illisible');
  let data = stream.contents;
  if (stages.length === 0) {
    const room = budget.room();
    if (data.length > room.bytes) throw new InflateLimitError(room.limit);
    budget.spend(data.length);
    return data;
  }
  for (const [name, stageParms] of stages) {
    const room = budget.room();
    data = name === FLATE ? inflate(data, room) : decodeByPieces(data, name, stageParms, dict.context, room);
    budget.spend(data.length);
  }
  return data;
}

function inflate(data: Uint8Array, room: ReturnType<InflateBudget['room']>): Uint8Array {
  // The zlib header, checked as pdf-lib's FlateStream checks it; nor is the Adler-32 after the data
  // checked (raw inflate), as there.
  const cmf = data[0] ?? -1;
  const flg = data[1] ?? -1;
  if (cmf < 0 || flg < 0 || (cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || (flg & 0x20) !== 0)
    throw new Error('En-tête de flux Flate invalide');
  try {
    const out = inflateRawSync(data.subarray(2), { maxOutputLength: Math.max(1, room.bytes) });
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new InflateLimitError(room.limit);
    throw error;
  }
}

/** LZW, ASCII85, ASCIIHex, RunLength: pdf-lib's decoder of that one filter, read by pieces up to the room. */
function decodeByPieces(
  data: Uint8Array,
  name: PDFName,
  parms: PDFObject | undefined,
  context: PDFContext,
  room: ReturnType<InflateBudget['room']>,
): Uint8Array {
  const entries = new Map<PDFName, PDFObject>([[FILTER, name]]);
  if (parms) entries.set(DECODE_PARMS, parms);
  const one = PDFRawStream.of(PDFDict.fromMapWithContext(entries, context), data);
  const decoder = decodePDFRawStream(one);
  let total = 0;
  for (let got = decoder.getBytes(STEP).length; got > 0; got = decoder.getBytes(STEP).length) {
    total += got;
    if (total > room.bytes) throw new InflateLimitError(room.limit);
  }
  decoder.reset();
  return decoder.decode();
}

const TYPE = PDFName.of('Type');
const OBJECT_STREAM = PDFName.of('ObjStm');
const XREF_STREAM = PDFName.of('XRef');

/**
 * pdf-lib's parser, but object and cross-reference streams are decoded within the budget (and
 * handed on decoded). pdf-lib catches an error inside an object and reads on; the first limit
 * passed is kept, every later object fails at once, and `parseDocument` then throws it.
 */
class BoundedPdfParser extends PDFParser {
  private refusal: InflateLimitError | null = null;

  constructor(
    bytes: Uint8Array,
    private readonly budget: InflateBudget,
  ) {
    super(bytes, Infinity, false, false, false);
  }

  override parseObject(ref?: PDFRef): PDFObject {
    if (this.refusal) throw this.refusal;
    const object = super.parseObject(ref);
    if (!(object instanceof PDFRawStream)) return object;
    const type = object.dict.lookup(TYPE);
    if (type !== OBJECT_STREAM && type !== XREF_STREAM) return object;
    let decoded: Uint8Array;
    try {
      decoded = decodeStreamBounded(object, this.budget);
    } catch (error) {
      if (error instanceof InflateLimitError) this.refusal = error;
      throw error;
    }
    const dict = object.dict.clone();
    dict.delete(FILTER);
    dict.delete(DECODE_PARMS);
    return PDFRawStream.of(dict, decoded);
  }

  override async parseDocument(): Promise<PDFContext> {
    const context = await super.parseDocument();
    if (this.refusal) throw this.refusal;
    return context;
  }
}

/**
 * Opens a PDF as `PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })` does
 * (nothing decrypted), with its object streams decoded within `budget`.
 */
export async function loadPdfBounded(bytes: Uint8Array, budget: InflateBudget): Promise<PDFDocument> {
  const context = await new BoundedPdfParser(bytes, budget).parseDocument();
  // pdf-lib's own load ends the same way; its constructor is private in the typings only.
  const Document = PDFDocument as unknown as new (
    context: PDFContext,
    ignoreEncryption: boolean,
    updateMetadata: boolean,
  ) => PDFDocument;
  return new Document(context, true, false);
}
