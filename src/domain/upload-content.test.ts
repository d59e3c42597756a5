import { describe, expect, it } from 'vitest';
import { acceptedUploadType, checkUploadHead } from './upload-content';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest');

describe('acceptedUploadType', () => {
  it('accepts content that is what its extension says', () => {
    expect(acceptedUploadType(bytes('%PDF-1.7'), 'bilan.pdf')).toBe('application/pdf');
    expect(acceptedUploadType(PNG, 'photo.PNG')).toBe('image/png');
    expect(acceptedUploadType(bytes('a;b\n1;2\n'), 'ventes.csv')).toBe('text/csv');
  });

  it('refuses a PNG renamed .pdf, an executable renamed .pdf and unknown extensions', () => {
    expect(acceptedUploadType(PNG, 'facture.pdf')).toBeNull();
    expect(acceptedUploadType(bytes('MZ', [0x90, 0]), 'a.pdf')).toBeNull();
    expect(acceptedUploadType(bytes('%PDF-1.7'), 'script')).toBeNull();
    expect(acceptedUploadType(bytes('%PDF-1.7'), 'a.exe')).toBeNull();
  });

  it('gives the French message of the browser check', () => {
    expect(checkUploadHead(PNG, 'facture.pdf')).toMatch(/^Le type du fichier « facture.pdf » n'est pas autorisé/);
    expect(checkUploadHead(PNG, 'ok.png')).toBeNull();
  });
});
