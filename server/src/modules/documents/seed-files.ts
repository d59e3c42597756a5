import { deflateSync, crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';

// Demo files made by the seed itself (nothing binary committed): small one-page PDFs with the
// standard Helvetica font (no font file to embed, so they are tiny and fast) and tiny PNGs.

/** A one-page A4 PDF with a title, a subtitle and a few lines. Same input, same bytes. */
export async function demoPdf(title: string, subtitle: string, lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title, { showInWindowTitleBar: false });
  const page = pdf.addPage([595.28, 841.89]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 0, y: 771, width: 595.28, height: 71, color: rgb(0.13, 0.35, 0.65) });
  page.drawText('Conseil Audit Rousseau', { x: 48, y: 800, size: 16, font: bold, color: rgb(1, 1, 1) });
  page.drawText(title, { x: 48, y: 720, size: 20, font: bold, color: rgb(0.1, 0.1, 0.1), maxWidth: 500 });
  page.drawText(subtitle, { x: 48, y: 694, size: 12, font: regular, color: rgb(0.35, 0.35, 0.35) });
  lines.forEach((line, i) => page.drawText(line, { x: 48, y: 650 - i * 20, size: 11, font: regular }));
  page.drawText('Document de démonstration généré automatiquement.', {
    x: 48,
    y: 48,
    size: 9,
    font: regular,
    color: rgb(0.5, 0.5, 0.5),
  });
  return pdf.save({ useObjectStreams: true });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A small RGB PNG: a coloured card with a lighter band (enough to see the preview work). */
export function demoPng(width: number, height: number, [r, g, b]: [number, number, number]): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const band = y > height * 0.35 && y < height * 0.65;
    for (let x = 0; x < width; x++) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      rows[o] = band ? 255 : r;
      rows[o + 1] = band ? 255 : g;
      rows[o + 2] = band ? 255 : b;
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]),
  );
}
