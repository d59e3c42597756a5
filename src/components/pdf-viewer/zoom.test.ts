import { describe, expect, it } from 'vitest';
import { nextZoom, scaleFor } from './zoom';

describe('PDF viewer zoom', () => {
  it('steps up and down through the zoom levels and stops at the ends', () => {
    expect(nextZoom(1, 1)).toBe(1.25);
    expect(nextZoom(1, -1)).toBe(0.75);
    expect(nextZoom(3, 1)).toBe(3);
    expect(nextZoom(0.5, -1)).toBe(0.5);
  });

  it('fits the page to the container width at zoom 1', () => {
    expect(scaleFor(800, 595, 1)).toBeCloseTo(800 / 595);
    expect(scaleFor(800, 595, 2)).toBeCloseTo((2 * 800) / 595);
    expect(scaleFor(0, 595, 1)).toBe(1);
  });
});
