import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  embedFacturX,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../domain/format';
import { EInvoiceReadError, MAX_INVOICE_LINES, parseEInvoice, parseEInvoiceXml, XML_TOO_LARGE } from './parse';
import { decodeStreamBounded, InflateBudget, InflateLimitError, loadPdfBounded } from './pdf-streams';

// Decision 074: a PDF's streams inflate within hard limits, the same
// bytes as pdf-lib's decoders for real files; a file past the reader's bounds is refused in French.

const CII = readFileSync(new URL('./fixtures/cii-conforme.xml', import.meta.url));
const context = PDFDocument.create().then((d) => d.context);

async function rawStream(contents: Uint8Array, filter?: string | string[], parms?: Record<string, number>) {
  const ctx = await context;
  const entries = new Map<PDFName, PDFObject>();
  if (typeof filter === 'string') entries.set(PDFName.of('Filter'), PDFName.of(filter));
  else if (filter) {
    const array = PDFArray.withContext(ctx);
    for (const f of filter) array.push(PDFName.of(f));
    entries.set(PDFName.of('Filter'), array);
  }
  if (parms) {
    const dict = PDFDict.withContext(ctx);
    for (const [k, v] of Object.entries(parms)) dict.set(PDFName.of(k), PDFNumber.of(v));
    entries.set(PDFName.of('DecodeParms'), dict);
  }
  return PDFRawStream.of(PDFDict.fromMapWithContext(entries, ctx), contents);
}

const limitOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(InflateLimitError);
    return (error as InflateLimitError).limit;
  }
  throw new Error('decoded');
};

describe('decodeStreamBounded', () => {
  it('gives the bytes pdf-lib gives, for the filters of real files and chains of them', async () => {
    const ascii85 = '87cURD]i,"Ebo80~>'; // « Hello world » in ASCII85
    const cases: Array<[Uint8Array, string | string[] | undefined, Record<string, number>?]> = [
      [CII, undefined],
      [deflateSync(CII), 'FlateDecode'],
      [deflateSync(deflateSync(CII)), ['FlateDecode', 'FlateDecode']],
      [
        new TextEncoder().encode(`${Buffer.from(deflateSync(CII)).toString('hex')}>`),
        ['ASCIIHexDecode', 'FlateDecode'],
      ],
      [new TextEncoder().encode(ascii85), 'ASCII85Decode'],
      [new Uint8Array([2, 65, 66, 67, 254, 68, 128]), 'RunLengthDecode'],
    ];
    for (const [contents, filter, parms] of cases) {
      const stream = await rawStream(contents, filter, parms);
      expect(decodeStreamBounded(stream, new InflateBudget())).toEqual(decodePDFRawStream(stream).decode());
    }
  });

  it('stops a stream past its limit, a chain at its first filter past it, and a file past its total', async () => {
    const mib = (n: number) => Buffer.alloc(n * 1024 * 1024, 0x20);
    const small = () => new InflateBudget(1024 * 1024, 3 * 1024 * 1024);
    const once = await rawStream(deflateSync(mib(2)), 'FlateDecode');
    expect(limitOf(() => decodeStreamBounded(once, small()))).toBe('stream');
    const raw = await rawStream(mib(2));
    expect(limitOf(() => decodeStreamBounded(raw, small()))).toBe('stream');
    const hex = await rawStream(new TextEncoder().encode('20'.repeat(1024 * 1024 + 1)), 'ASCIIHexDecode');
    expect(limitOf(() => decodeStreamBounded(hex, small()))).toBe('stream');
    // 64 MiB of spaces, compressed twice into 100 bytes or so: stopped at the first MiB.
    const bomb = await rawStream(deflateSync(deflateSync(mib(64))), ['FlateDecode', 'FlateDecode']);
    const started = performance.now();
    expect(limitOf(() => decodeStreamBounded(bomb, small()))).toBe('stream');
    expect(performance.now() - started).toBeLessThan(1_000);
    // Three streams of 0.9 MiB each fit one by one, not together within 2.5 MiB.
    const budget = new InflateBudget(1024 * 1024, 2.5 * 1024 * 1024);
    const part = await rawStream(deflateSync(Buffer.alloc(0.9 * 1024 * 1024, 0x20)), 'FlateDecode');
    decodeStreamBounded(part, budget);
    decodeStreamBounded(part, budget);
    expect(limitOf(() => decodeStreamBounded(part, budget))).toBe('file');
  });

  it('refuses what pdf-lib refuses: a broken zlib header, a truncated stream, an unknown filter', async () => {
    const broken = deflateSync(CII);
    for (const stream of [
      await rawStream(new Uint8Array([0x78, 0x00, ...broken.subarray(2)]), 'FlateDecode'),
      await rawStream(broken.subarray(0, broken.length - 200), 'FlateDecode'),
      await rawStream(CII, 'DCTDecode'),
    ]) {
      expect(() => decodePDFRawStream(stream).decode()).toThrow();
      expect(() => decodeStreamBounded(stream, new InflateBudget())).toThrow();
      expect(() => decodeStreamBounded(stream, new InflateBudget())).not.toThrow(InflateLimitError);
    }
  });
});

describe('loadPdfBounded', () => {
  it('opens a PDF with object streams as PDFDocument.load does', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 30; i++) doc.addPage([200, 200]).drawText(`Page ${i}`);
    await embedFacturX(doc, CII, { conformanceLevel: 'EN 16931' });
    const bytes = await doc.save({ useObjectStreams: true });
    const ours = await loadPdfBounded(bytes, new InflateBudget());
    const theirs = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    expect(ours.getPageCount()).toBe(30);
    const objects = (d: PDFDocument) =>
      d.context
        .enumerateIndirectObjects()
        .filter(([, o]) => !(o instanceof PDFRawStream && /ObjStm|XRef/.test(String(o.dict.get(PDFName.of('Type'))))))
        .map(([ref, o]) => `${ref.toString()} ${o instanceof PDFRawStream ? o.contents.length : o.toString()}`);
    expect(objects(ours)).toEqual(objects(theirs));
  });
});

/** A PDF whose one object stream is `stream` under `filters` (pdf-lib inflates it as it opens the file). */
function pdfWithObjectStream(stream: Uint8Array, filters: string): Uint8Array {
  const parts = [
    '%PDF-1.7\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n',
    `3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter ${filters} /Length ${stream.length} >>\nstream\n`,
  ];
  const tail = '\nendstream\nendobj\ntrailer\n<< /Size 4 /Root 1 0 R >>\n%%EOF\n';
  return new Uint8Array(Buffer.concat([Buffer.from(parts.join(''), 'latin1'), stream, Buffer.from(tail, 'latin1')]));
}

describe('parseEInvoice within bounds (decision 074)', () => {
  const refusal = async (bytes: Uint8Array, name: string) => {
    const error = await parseEInvoice(bytes, name).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EInvoiceReadError);
    expect((error as EInvoiceReadError).status).toBe(422);
    return (error as EInvoiceReadError).message;
  };
  const spaces = Buffer.alloc(64 * 1024 * 1024, 0x20);

  it('refuses a Factur-X whose factur-x.xml inflates past 20 Mo, and a PDF whose object stream does', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    await embedFacturX(doc, CII, { conformanceLevel: 'EN 16931' });
    const fx = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
    // The attachment's stream replaced by 64 MiB of spaces compressed twice (the dictionary keeps its /Length right).
    const bomb = deflateSync(deflateSync(spaces));
    const at = /\/Type \/EmbeddedFile[^]*?stream\r?\n/.exec(fx)!;
    const end = fx.indexOf('endstream', at.index);
    const dict = at[0]
      .replace(/\/Length \d+/, `/Length ${bomb.length}`)
      .replace(/\/Filter \/FlateDecode/, '/Filter [/FlateDecode /FlateDecode]');
    const patched = Buffer.concat([
      Buffer.from(fx.slice(0, at.index) + dict, 'latin1'),
      bomb,
      Buffer.from(`\n${fx.slice(end)}`, 'latin1'),
    ]);
    expect(await refusal(new Uint8Array(patched), 'bombe.pdf')).toBe(
      'Le fichier factur-x.xml joint au PDF « bombe.pdf » est refusé : il dépasse 20 Mo une fois décompressé.',
    );
    expect(await refusal(pdfWithObjectStream(bomb, '[/FlateDecode /FlateDecode]'), 'objets.pdf')).toBe(
      'Le PDF « objets.pdf » est refusé : un de ses flux compressés dépasse 20 Mo une fois décompressé.',
    );
  });

  it('refuses an XML over 20 Mo, and an invoice of more lines than a row keeps', () => {
    const over = (error: () => unknown) => {
      try {
        error();
      } catch (e) {
        return (e as Error).message;
      }
      return null;
    };
    expect(over(() => parseEInvoiceXml(new Uint8Array(20 * 1024 * 1024 + 1)))).toBe(XML_TOO_LARGE);
    const xml = CII.toString();
    const start = xml.indexOf('<ram:IncludedSupplyChainTradeLineItem>');
    const lines = '<ram:IncludedSupplyChainTradeLineItem/>'.repeat(MAX_INVOICE_LINES + 1);
    const many = new TextEncoder().encode(xml.slice(0, start) + lines + xml.slice(start));
    expect(over(() => parseEInvoiceXml(many))).toBe(
      `La facture électronique est refusée : elle compte plus de ${formatCount(MAX_INVOICE_LINES)} lignes.`,
    );
  });
});
