import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('writes sizes with French units and decimals', () => {
    expect(formatFileSize(0)).toBe('0 o');
    expect(formatFileSize(1000)).toBe('1000 o'.replace('1000', (1000).toLocaleString('fr-FR')));
    expect(formatFileSize(1536)).toBe('1,5 Ko');
    expect(formatFileSize(52428800)).toBe('50 Mo');
    expect(formatFileSize(3.25 * 1024 * 1024)).toBe('3,3 Mo');
    expect(formatFileSize(250 * 1024 * 1024)).toBe('250 Mo');
    expect(formatFileSize(-1)).toBe('');
  });
});
