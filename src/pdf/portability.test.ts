import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { breakableWords, drawableText } from './text';
import { woffToSfnt } from './woff';

const require = createRequire(import.meta.url);

describe('browser safety of src/pdf', () => {
  it('uses no Node-only API outside fonts-node.ts and the tests', async () => {
    const dir = new URL('.', import.meta.url);
    const files = (await readdir(dir)).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'fonts-node.ts' && f !== 'test-fixtures.ts',
    );
    expect(files).toContain('render.ts');
    for (const file of files) {
      const source = await readFile(new URL(file, dir), 'utf8');
      expect(source, file).not.toMatch(
        /from ['"](node:|fs|path|os|crypto|buffer)['"/]|\bBuffer\.|\bprocess\.|require\(/,
      );
    }
  });
});

describe('woffToSfnt', () => {
  it('unwraps WOFF 1.0 into a TrueType font and leaves TrueType bytes as they are', async () => {
    const woff = new Uint8Array(await readFile(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')));
    const sfnt = woffToSfnt(woff);
    const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
    expect(view.getUint32(0)).toBe(0x00010000);
    const tables = Array.from({ length: view.getUint16(4) }, (_, i) =>
      String.fromCharCode(...sfnt.subarray(12 + i * 16, 16 + i * 16)),
    );
    expect(tables).toEqual(expect.arrayContaining(['cmap', 'glyf', 'head', 'hmtx', 'loca']));
    expect(woffToSfnt(sfnt)).toBe(sfnt);
  });

  it('refuses WOFF2 with a clear message', async () => {
    const woff2 = new Uint8Array(
      await readFile(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff2')),
    );
    expect(() => woffToSfnt(woff2)).toThrow(/WOFF2/);
  });
});

describe('text preparation', () => {
  it('keeps French punctuation on the line of its word', () => {
    expect(breakableWords('Mention « Bon pour accord » : oui !')).toEqual([
      'Mention',
      '« Bon',
      'pour',
      'accord » :',
      'oui !',
    ]);
    expect(breakableWords('Total\u00a0: 12,00\u00a0€')).toEqual(['Total\u00a0:', '12,00\u00a0€']);
  });

  it('replaces exotic spaces, recomposes accents and reduces unknown characters', () => {
    const charset = new Set([...'abcdeé ?z'].map((c) => c.codePointAt(0)!));
    expect(drawableText('a\u202Fb\u00a0c\u0007d', charset)).toBe('a b cd');
    expect(drawableText('źe\u0301北', charset)).toBe('zé?');
    expect(drawableText('a\u0327', charset)).toBe('a');
  });
});
