import { describe, expect, it } from 'vitest';
import { formatBytesFr } from './byte-size';

describe('formatBytesFr', () => {
  it('writes sizes the French way', () => {
    expect(formatBytesFr(0)).toBe('0 o');
    expect(formatBytesFr(512)).toBe('512 o');
    expect(formatBytesFr(13_002_342)).toBe('12,4 Mo');
    expect(formatBytesFr(52428800)).toBe('50 Mo');
    expect(formatBytesFr(2.1 * 1024 ** 3)).toBe('2,1 Go');
  });
});
