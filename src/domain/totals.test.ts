import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { computeTotals, isStandardLine, lineAmountCents, lineTotal, lineVatCents } from './totals';
import type { Discount, InvoiceLine } from './types';

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

describe('per-line formula (INV-27)', () => {
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

describe('discounts (decision 012)', () => {
  it('a line discount reduces the line before its VAT', () => {
    const l = line({ unitPrice: 200, quantity: 1, vatRate: 20, discount: { type: 'percent', value: 10 } });
    expect(lineTotal(l)).toBe(180);
    expect(computeTotals([l])).toEqual({
      ht: 180,
      tva: 36,
      ttc: 216,
      vatBreakdown: [{ rate: 20, base: 180, vat: 36 }],
    });
  });

  it('a document discount is spread over the rates pro rata, and VAT follows per rate', () => {
    const t = computeTotals(
      [line({ unitPrice: 300, quantity: 1, vatRate: 20 }), line({ unitPrice: 100, quantity: 1, vatRate: 5.5 })],
      { type: 'amount', value: 20 },
    );
    expect(t.subtotal).toBe(400);
    expect(t.discount).toBe(20);
    expect(t.vatBreakdown).toEqual([
      { rate: 20, base: 285, vat: 57 },
      { rate: 5.5, base: 95, vat: 5.22 },
    ]); // 5,50 − round(5 × 5,5 %) = 5,50 − 0,28
    expect(t).toMatchObject({ ht: 380, tva: 62.22, ttc: 442.22 });
  });

  it('a percentage on the document, after the line discounts', () => {
    const t = computeTotals([line({ unitPrice: 200, quantity: 1, discount: { type: 'percent', value: 10 } })], {
      type: 'percent',
      value: 50,
    });
    expect(t).toEqual({
      ht: 90,
      tva: 18,
      ttc: 108,
      subtotal: 180,
      discount: 90,
      vatBreakdown: [{ rate: 20, base: 90, vat: 18 }],
    });
  });

  it('old payloads (no discount, null, zero) give exactly the former totals', () => {
    const lines = [line({ unitPrice: 19.99, quantity: 3 }), line({ unitPrice: 10.01, vatRate: 5.5, discount: null })];
    const before = computeTotals(lines);
    expect(Object.keys(before)).toEqual(['ht', 'tva', 'ttc', 'vatBreakdown']);
    expect(computeTotals(lines, null)).toEqual(before);
    expect(computeTotals(lines, { type: 'amount', value: 0 })).toEqual(before);
  });
});

const RATES = [20, 10, 5.5, 2.1, 0];
const arbLine = fc.record({
  code: fc.constantFrom('00', 'A1', 'CC', 'ES'),
  type: fc.constantFrom<InvoiceLine['type']>('Standard', 'Standard', 'Commentaire'),
  quantity: fc.integer({ min: -50, max: 1000 }).map((q) => q / 2),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
  vatRate: fc.constantFrom(...RATES),
  discount: fc.option(
    fc.oneof(
      fc.record({
        type: fc.constant<'percent'>('percent'),
        value: fc.integer({ min: 0, max: 10_000 }).map((v) => v / 100),
      }),
      fc.record({
        type: fc.constant<'amount'>('amount'),
        value: fc.integer({ min: 0, max: 20_000_000 }).map((v) => v / 100),
      }),
    ),
  ),
});
const arbLines = fc.array(arbLine, { maxLength: 30 }).map((ls) => ls.map((l) => line(l)));
const arbDiscount: fc.Arbitrary<Discount | null> = fc.option(
  fc.oneof(
    fc.record({
      type: fc.constant<'percent'>('percent'),
      value: fc.integer({ min: 0, max: 10_000 }).map((v) => v / 100),
    }),
    fc.record({
      type: fc.constant<'amount'>('amount'),
      value: fc.integer({ min: 0, max: 50_000_000 }).map((v) => v / 100),
    }),
  ),
);
const cents = (v: number) => Math.round(v * 100);

describe('properties', () => {
  it('totals do not depend on line order', () => {
    const linesAndPermutation = arbLines.chain((lines) =>
      fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length })),
    );
    fc.assert(
      fc.property(linesAndPermutation, arbDiscount, ([lines, shuffled], discount) => {
        expect(computeTotals(shuffled, discount)).toEqual(computeTotals(lines, discount));
      }),
    );
  });

  it('ttc = ht + tva to the cent, and the breakdown adds up', () => {
    fc.assert(
      fc.property(arbLines, arbDiscount, (lines, discount) => {
        const t = computeTotals(lines, discount);
        expect(Math.round(t.ttc * 100)).toBe(Math.round(t.ht * 100) + Math.round(t.tva * 100));
        expect(t.vatBreakdown.reduce((s, e) => s + Math.round(e.base * 100), 0)).toBe(Math.round(t.ht * 100));
        expect(t.vatBreakdown.reduce((s, e) => s + Math.round(e.vat * 100), 0)).toBe(Math.round(t.tva * 100));
        for (const v of [t.ht, t.tva, t.ttc]) expect(Math.round(v * 100) / 100).toBe(v); // two decimals
      }),
    );
  });

  it('a discount never makes a line or a VAT base change sign, nor the total negative', () => {
    fc.assert(
      fc.property(arbLines, arbDiscount, (lines, discount) => {
        for (const l of lines) {
          const gross = lineAmountCents(l);
          const net = cents(lineTotal(l));
          if (gross >= 0) expect(net).toBeGreaterThanOrEqual(0);
          else expect(net).toBeLessThanOrEqual(0);
          expect(Math.abs(net)).toBeLessThanOrEqual(Math.abs(gross));
        }
        const without = computeTotals(lines);
        const t = computeTotals(lines, discount);
        if (t.discount !== undefined) {
          expect(cents(t.subtotal!)).toBe(cents(without.ht));
          expect(cents(t.ht)).toBe(cents(without.ht) - cents(t.discount));
          expect(t.ht).toBeGreaterThanOrEqual(0);
          without.vatBreakdown.forEach((before, i) => {
            if (before.base >= 0) expect(t.vatBreakdown[i].base).toBeGreaterThanOrEqual(0);
          });
        } else {
          expect(t).toEqual(without);
        }
      }),
    );
  });
});
