import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { computeTotals, isStandardLine, lineAmountCents, lineTotal, lineVatCents } from './totals';
import type { InvoiceLine } from './types';

function line(over: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    code: '00',
    type: 'Standard',
    label: 'Article',
    quantity: 1,
    unitMeasurement: '',
    unitPrice: 0,
    salesAccount: '706',
    vatRate: 20,
    ...over,
  };
}

describe('spec 5.3 per-line formula', () => {
  it('amount = round(100 × price × quantity), VAT = round(amount × rate / 100)', () => {
    expect(lineAmountCents(line({ unitPrice: 19.99, quantity: 3 }))).toBe(5997);
    expect(lineAmountCents(line({ unitPrice: 0.333, quantity: 3 }))).toBe(100); // 99.9 → 100
    expect(lineAmountCents(line({ unitPrice: 0.005, quantity: 1 }))).toBe(1); // half away from zero
    expect(lineVatCents(5997, 20)).toBe(1199); // 1199.4
    expect(lineVatCents(1001, 5.5)).toBe(55); // 55.055
    expect(lineVatCents(10, 5)).toBe(1); // 0.5 → 1
  });

  it('rounds negatives symmetrically (credit lines)', () => {
    expect(lineAmountCents(line({ unitPrice: -0.005, quantity: 1 }))).toBe(-1);
    expect(lineVatCents(-10, 5)).toBe(-1);
  });

  it('gives 0 for zero quantity and blank fields', () => {
    expect(lineTotal(line({ unitPrice: 12, quantity: 0 }))).toBe(0);
    expect(lineTotal(line({ unitPrice: Number.NaN, quantity: 2 }))).toBe(0);
  });

  it('lineTotal is the HT amount in euros', () => {
    expect(lineTotal(line({ unitPrice: 12.345, quantity: 2 }))).toBe(24.69);
  });
});

describe('comment and spacer lines', () => {
  it('are not standard lines', () => {
    expect(isStandardLine(line())).toBe(true);
    expect(isStandardLine(line({ code: 'CC' }))).toBe(false);
    expect(isStandardLine(line({ code: 'ES' }))).toBe(false);
    expect(isStandardLine(line({ type: 'Commentaire', code: 'X' }))).toBe(false);
  });

  it('are excluded from totals even if they carry a price', () => {
    const totals = computeTotals([
      line({ unitPrice: 100, quantity: 1, vatRate: 20 }),
      line({ code: 'CC', unitPrice: 50, quantity: 1, vatRate: 10 }),
      line({ code: 'ES', unitPrice: 50, quantity: 1 }),
      line({ type: 'Commentaire', unitPrice: 50, quantity: 1 }),
    ]);
    expect(totals).toEqual({ ht: 100, tva: 20, ttc: 120, vatBreakdown: [{ rate: 20, base: 100, vat: 20 }] });
  });
});

describe('computeTotals', () => {
  it('sums lines and breaks VAT down per rate, highest rate first', () => {
    const totals = computeTotals([
      line({ unitPrice: 10.01, quantity: 1, vatRate: 5.5 }),
      line({ unitPrice: 19.99, quantity: 3, vatRate: 20 }),
      line({ unitPrice: 8, quantity: 1, vatRate: 0 }),
      line({ unitPrice: 1, quantity: 1, vatRate: 20 }),
    ]);
    expect(totals.ht).toBe(78.98);
    expect(totals.tva).toBe(12.74); // 11.99 + 0.55 + 0 + 0.20
    expect(totals.ttc).toBe(91.72);
    expect(totals.vatBreakdown).toEqual([
      { rate: 20, base: 60.97, vat: 12.19 },
      { rate: 5.5, base: 10.01, vat: 0.55 },
      { rate: 0, base: 8, vat: 0 },
    ]);
  });

  it('is all zeros for no lines', () => {
    expect(computeTotals([])).toEqual({ ht: 0, tva: 0, ttc: 0, vatBreakdown: [] });
  });
});

const RATES = [20, 10, 5.5, 2.1, 0];
const arbLine = fc.record({
  code: fc.constantFrom('00', 'A1', 'CC', 'ES'),
  type: fc.constantFrom<InvoiceLine['type']>('Standard', 'Standard', 'Commentaire'),
  quantity: fc.integer({ min: -50, max: 1000 }).map((q) => q / 2),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
  vatRate: fc.constantFrom(...RATES),
});
const arbLines = fc.array(arbLine, { maxLength: 30 }).map((ls) => ls.map((l) => line(l)));

describe('properties', () => {
  it('totals do not depend on line order', () => {
    const linesAndPermutation = arbLines.chain((lines) =>
      fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length })),
    );
    fc.assert(
      fc.property(linesAndPermutation, ([lines, shuffled]) => {
        expect(computeTotals(shuffled)).toEqual(computeTotals(lines));
      }),
    );
  });

  it('ttc = ht + tva to the cent, and the breakdown adds up', () => {
    fc.assert(
      fc.property(arbLines, (lines) => {
        const t = computeTotals(lines);
        expect(Math.round(t.ttc * 100)).toBe(Math.round(t.ht * 100) + Math.round(t.tva * 100));
        expect(t.vatBreakdown.reduce((s, e) => s + Math.round(e.base * 100), 0)).toBe(Math.round(t.ht * 100));
        expect(t.vatBreakdown.reduce((s, e) => s + Math.round(e.vat * 100), 0)).toBe(Math.round(t.tva * 100));
        for (const v of [t.ht, t.tva, t.ttc]) expect(Math.round(v * 100) / 100).toBe(v); // two decimals
      }),
    );
  });
});
