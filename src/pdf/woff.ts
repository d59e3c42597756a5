/**
 * WOFF 1.0 → SFNT (TrueType/OpenType) conversion. fontkit reads WOFF but cannot subset it
 * (TTFSubset.encode fails), so fonts are unwrapped to plain SFNT before embedding.
 * Pure: Uint8Array + DataView + fflate, runs in Node and in the browser.
 */
import { unzlibSync } from 'fflate';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF2_SIGNATURE = 0x774f4632; // 'wOF2'

export function isWoff(bytes: Uint8Array): boolean {
  return bytes.length >= 44 && new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0) === WOFF_SIGNATURE;
}

/** Unwrapped once per font file: every PDF of a process (or a tab) embeds the same few files. */
const unwrapped = new WeakMap<Uint8Array, Uint8Array>();

/** Returns the bytes unchanged when they are not WOFF 1.0 (already TTF/OTF). */
export function woffToSfnt(bytes: Uint8Array): Uint8Array {
  let sfnt = unwrapped.get(bytes);
  if (!sfnt) unwrapped.set(bytes, (sfnt = unwrap(bytes)));
  return sfnt;
}

function unwrap(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4) throw new Error('Police invalide : fichier trop court.');
  const input = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = input.getUint32(0);
  if (signature === WOFF2_SIGNATURE)
    throw new Error('Police WOFF2 non prise en charge : utiliser un fichier TTF, OTF ou WOFF.');
  if (signature !== WOFF_SIGNATURE) return bytes;

  const flavor = input.getUint32(4);
  const numTables = input.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const offset = input.getUint32(entry + 4);
    const compLength = input.getUint32(entry + 8);
    const origLength = input.getUint32(entry + 12);
    const raw = bytes.subarray(offset, offset + compLength);
    const data = compLength < origLength ? unzlibSync(raw) : raw;
    if (data.length !== origLength) throw new Error('Police WOFF invalide : table de taille inattendue.');
    tables.push({ tag: input.getUint32(entry), checksum: input.getUint32(entry + 16), data });
  }

  const headerSize = 12 + numTables * 16;
  const total = tables.reduce((size, t) => size + ((t.data.length + 3) & ~3), headerSize);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let pow2 = 1;
  let log2 = 0;
  while (pow2 * 2 <= numTables) {
    pow2 *= 2;
    log2 += 1;
  }
  view.setUint32(0, flavor);
  view.setUint16(4, numTables);
  view.setUint16(6, pow2 * 16);
  view.setUint16(8, log2);
  view.setUint16(10, numTables * 16 - pow2 * 16);

  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    view.setUint32(record, table.tag);
    view.setUint32(record + 4, table.checksum);
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, table.data.length);
    out.set(table.data, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out;
}
