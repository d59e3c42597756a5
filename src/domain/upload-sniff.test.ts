import { describe, it, expect } from 'vitest';
import { isUtf8, sniffMimeType } from './upload-sniff';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0];
const ZIP_HEADER = [0x50, 0x4b, 0x03, 0x04, ...new Array(26).fill(0)]; // 30-byte local header
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ODT = 'application/vnd.oasis.opendocument.text';

describe('sniffMimeType: magic bytes', () => {
  it('recognises PDF, PNG, JPEG, GIF and RTF whatever the name', () => {
    expect(sniffMimeType(bytes('%PDF-1.7\n'), 'a.pdf')).toBe('application/pdf');
    expect(sniffMimeType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]), 'a.png')).toBe('image/png');
    expect(sniffMimeType(bytes([0xff, 0xd8, 0xff, 0xe0]), 'photo.jpeg')).toBe('image/jpeg');
    expect(sniffMimeType(bytes('GIF89a', [1, 0]), 'a.gif')).toBe('image/gif');
    expect(sniffMimeType(bytes('GIF87a'), 'a.gif')).toBe('image/gif');
    expect(sniffMimeType(bytes('{\\rtf1\\ansi'), 'lettre.rtf')).toBe('application/rtf');
    expect(sniffMimeType(bytes('%PDF-1.4'), 'renamed.txt')).toBe('application/pdf');
  });

  it('OLE2 is Word or Excel by extension, nothing else', () => {
    expect(sniffMimeType(bytes(OLE2), 'a.doc')).toBe('application/msword');
    expect(sniffMimeType(bytes(OLE2), 'a.XLS')).toBe('application/vnd.ms-excel');
    expect(sniffMimeType(bytes(OLE2), 'a.msi')).toBeNull();
  });

  it('ZIP is docx / xlsx / odt by extension', () => {
    expect(sniffMimeType(bytes(ZIP_HEADER, '[Content_Types].xml'), 'a.docx')).toBe(DOCX);
    expect(sniffMimeType(bytes(ZIP_HEADER, '[Content_Types].xml'), 'a.xlsx')).toBe(XLSX);
    expect(sniffMimeType(bytes(ZIP_HEADER, 'mimetypeapplication/vnd.oasis.opendocument.text'), 'a.odt')).toBe(ODT);
    expect(sniffMimeType(bytes(ZIP_HEADER, 'mimetypeapplication/vnd.oasis.open'), 'a.odt')).toBe(ODT); // cut sample
    expect(sniffMimeType(bytes(ZIP_HEADER, 'content.xml'), 'a.odt')).toBe(ODT); // no mimetype entry
    expect(sniffMimeType(bytes(ZIP_HEADER, 'x'), 'a.zip')).toBeNull();
    expect(sniffMimeType(bytes(ZIP_HEADER, 'x'), 'a.jar')).toBeNull();
  });

  it('an OpenDocument of another kind is refused', () => {
    expect(
      sniffMimeType(bytes(ZIP_HEADER, 'mimetypeapplication/vnd.oasis.opendocument.spreadsheet'), 'a.odt'),
    ).toBeNull();
    expect(sniffMimeType(bytes(ZIP_HEADER, 'mimetypeapplication/vnd.oasis.opendocument.text'), 'a.docx')).toBeNull();
  });
});

describe('sniffMimeType: text', () => {
  const enc = new TextEncoder();
  it('UTF-8 text is text/plain or text/csv by extension', () => {
    expect(sniffMimeType(enc.encode('Bonjour, ça va ?\n'), 'note.txt')).toBe('text/plain');
    expect(sniffMimeType(enc.encode('date;montant\n2026-11-21;12,50\n'), 'ventes.CSV')).toBe('text/csv');
    expect(sniffMimeType(enc.encode('\ufeffa;b'), 'bom.csv')).toBe('text/csv');
    expect(sniffMimeType(new Uint8Array(0), 'vide.txt')).toBe('text/plain');
  });

  it('a sample cut inside a multi-byte character is still text', () => {
    const euro = enc.encode('total 5 €'); // € is 3 bytes
    expect(sniffMimeType(euro.subarray(0, euro.length - 1), 'a.txt')).toBe('text/plain');
  });

  it('Windows-1252 CSV from a French Excel is text too', () => {
    expect(sniffMimeType(bytes('Soci', [0xe9], 't', [0xe9], ';Montant ', [0x80], '\r\n'), 'export.csv')).toBe(
      'text/csv',
    );
  });

  it('NUL bytes, control bytes or other extensions are refused', () => {
    expect(sniffMimeType(bytes('MZ', [0x90, 0, 3, 0]), 'virus.txt')).toBeNull();
    expect(sniffMimeType(bytes([0xff, 0xfe], 'a', [0]), 'utf16.txt')).toBeNull();
    expect(sniffMimeType(bytes([0xe9, 0x01, 0x02]), 'bin.csv')).toBeNull();
    expect(sniffMimeType(enc.encode('<script>alert(1)</script>'), 'page.html')).toBeNull();
    expect(sniffMimeType(enc.encode('hello'), 'sans-extension')).toBeNull();
    expect(sniffMimeType(enc.encode('pas un rtf'), 'a.rtf')).toBeNull();
  });
});

describe('isUtf8', () => {
  it('follows RFC 3629', () => {
    expect(isUtf8(new TextEncoder().encode('é€😀'))).toBe(true);
    expect(isUtf8(Uint8Array.from([0xc0, 0xaf]))).toBe(false); // overlong '/'
    expect(isUtf8(Uint8Array.from([0xed, 0xa0, 0x80]))).toBe(false); // surrogate
    expect(isUtf8(Uint8Array.from([0xf4, 0x90, 0x80, 0x80]))).toBe(false); // > U+10FFFF
    expect(isUtf8(Uint8Array.from([0x80]))).toBe(false); // lone continuation
    expect(isUtf8(Uint8Array.from([0xc3, 0x41]))).toBe(false); // missing continuation
    expect(isUtf8(Uint8Array.from([0x41, 0xe2, 0x82]))).toBe(true); // cut at the end
  });
});
