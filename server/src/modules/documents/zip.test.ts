import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { uniqueNames, zipStream } from './zip';

describe('uniqueNames', () => {
  it('numbers repeated names before the extension, ignoring case', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b', 'b'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'b',
      'b (2)',
    ]);
  });
});

describe('zipStream', () => {
  it('writes a valid archive with accented names, read back whole', async () => {
    const source = (text: string) => async () =>
      (async function* () {
        yield new TextEncoder().encode(text.slice(0, 3));
        yield new TextEncoder().encode(text.slice(3));
      })();
    const stream = zipStream([
      { name: 'Bilan été.txt', mtime: new Date('2026-01-02T10:00:00Z'), open: source('bonjour') },
      { name: 'Bilan été.txt', mtime: new Date('2026-01-02T10:00:00Z'), open: source('au revoir') },
    ]);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c));
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files)).toEqual(['Bilan été.txt', 'Bilan été (2).txt']);
    expect(strFromU8(files['Bilan été (2).txt'])).toBe('au revoir');
  });
});
