import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { decodeLabel64, encodeLabel64 } from './label64';

describe('label64', () => {
  it('encodes UTF-8 text as base64 (same bytes as Node Buffer)', () => {
    expect(encodeLabel64('Heure de conseil')).toBe('SGV1cmUgZGUgY29uc2VpbA==');
    expect(encodeLabel64('Café à 5 €')).toBe(Buffer.from('Café à 5 €', 'utf8').toString('base64'));
    expect(encodeLabel64('')).toBe('');
    expect(decodeLabel64('Q2Fmw6kgw6AgNSDigqw=')).toBe('Café à 5 €');
  });

  it('handles long labels without overflowing the stack', () => {
    const long = 'é'.repeat(200_000);
    expect(decodeLabel64(encodeLabel64(long))).toBe(long);
  });

  it('shows invalid input as it is instead of throwing', () => {
    expect(decodeLabel64('Bon jour')).toBe('Bon jour'); // atob would skip the space
    expect(decodeLabel64('Café')).toBe('Café');
    expect(decodeLabel64('abc')).toBe('abc'); // unpadded
    expect(decodeLabel64('QUI')).toBe('QUI'); // atob would accept it as 'AB'
    expect(decodeLabel64('QU JD')).toBe('QU JD'); // atob would skip the space and give 'ABC'
    expect(decodeLabel64('/w==')).toBe('/w=='); // byte 0xFF: not UTF-8
    expect(decodeLabel64('wKA=')).toBe('wKA='); // overlong encoding
    expect(decodeLabel64('')).toBe('');
    expect(decodeLabel64(null as unknown as string)).toBe('');
  });

  it('round-trips any string (graphemes, full Unicode)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => decodeLabel64(encodeLabel64(s)) === s));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => decodeLabel64(encodeLabel64(s)) === s));
  });

  it('keeps a leading byte-order mark', () => {
    expect(decodeLabel64(encodeLabel64('\ufeffx'))).toBe('\ufeffx');
  });
});
