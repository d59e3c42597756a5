import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Declaration.pdf"; filename*=UTF-8''D%C3%A9claration%20TVA.pdf`,
        'x',
      ),
    ).toBe('Déclaration TVA.pdf');
  });

  it('falls back to the plain name, then to the given default', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.zip"', 'x')).toBe('a b.zip');
    expect(fileNameFromDisposition('attachment; filename=plain.zip', 'x')).toBe('plain.zip');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('x');
    expect(fileNameFromDisposition(null, 'documents.zip')).toBe('documents.zip');
  });
});
