import { describe, expect, it } from 'vitest';
import { findForbiddenText, hasForbiddenChar } from './control-chars';

describe('the edge check of control characters (decision 009)', () => {
  it('names the first field holding one, as zod names fields', () => {
    expect(findForbiddenText({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toBe('a.1.c');
    expect(findForbiddenText('\u0007')).toBe('corps');
    // A bad key is named by its parent, never echoed.
    expect(findForbiddenText({ 'k\u0000': 1 })).toBe('corps');
    expect(findForbiddenText({ lines: [{ 'k\u0000': 1 }] })).toBe('lines.0');
  });

  it('keeps tabs, line breaks, emoji and accents in JSON text, not in one-line values', () => {
    expect(findForbiddenText({ address: '1 rue\r\n\tBât. B', label: 'Crème 😀', n: 1, b: null })).toBe(null);
    expect(hasForbiddenChar('a\nb', false)).toBe(true);
    for (const bad of ['\u0000', '\u001b', '\u007f', '\u0085', '\ud800', 'a\udfff'])
      expect(hasForbiddenChar(bad), JSON.stringify(bad)).toBe(true);
  });

  it('walks JSON nested 100 000 deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(findForbiddenText(deep)).toMatch(/^0(\.0)+$/);
  });
});
