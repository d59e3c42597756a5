import { describe, expect, it } from 'vitest';
import { checkAmount, checkCounted, countDetailCents, euros } from './amounts';

describe('cash amounts', () => {
  it('a number with at most 2 decimals becomes exact cents', () => {
    expect(checkAmount(12.3, 'movements[0].amount', { correction: false })).toEqual({ ok: true, cents: 1230 });
    // A float sum is refused rather than rounded: 0.1 + 0.2 is 0.30000000000000004.
    expect(checkAmount(0.1 + 0.2, 'a', { correction: false })).toMatchObject({ ok: false });
    expect(checkAmount(1.005, 'a', { correction: false })).toMatchObject({ ok: false });
    expect(checkAmount(19.99, 'a', { correction: false })).toEqual({ ok: true, cents: 1999 });
  });

  it('refuses text, zero, more than 2 decimals, and a negative outside a correction, naming the field', () => {
    const field = 'movements[2].amount';
    for (const value of ['12', Number.NaN, 0, 1.234]) {
      const r = checkAmount(value, field, { correction: false });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain(`« ${field} »`);
    }
    const negative = checkAmount(-5, field, { correction: false });
    expect(negative.ok || negative.message).toBe(
      'Le montant « movements[2].amount » ne peut être négatif que pour une correction qui nomme le mouvement corrigé (idTypeMouvLie).',
    );
    expect(checkAmount(-5, field, { correction: true })).toEqual({ ok: true, cents: -500 });
    expect(checkAmount(20_000_000, field, { correction: false }).ok).toBe(false);
  });

  it('the counted drawer: zero or more, and a detail of notes and coins adds up in cents', () => {
    expect(checkCounted(0, 'counted.total')).toEqual({ ok: true, cents: 0 });
    expect(checkCounted(-1, 'counted.total').ok).toBe(false);
    expect(countDetailCents({ '50': 2, '0.2': 3, '0.01': 7 })).toBe(10_067);
    expect(countDetailCents({ '3': 1 })).toBeNull();
    expect(euros(10_067)).toBe(100.67);
    expect(euros(-5)).toBe(-0.05);
  });
});
