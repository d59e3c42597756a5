import { describe, expect, it } from 'vitest';
import { balanceFinalCents, dayTotals, salesExclTaxCents } from './journal';
import { cashEffectCents } from './movement-types';

describe('the balance rule', () => {
  const day = [
    { typeCode: 'fond-de-caisse', amountCents: 15_000 },
    { typeCode: 'vente-5.5', amountCents: 40_000 },
    { typeCode: 'vente-20', amountCents: 10_000 },
    { typeCode: 'encaissement-especes', amountCents: 20_000 },
    { typeCode: 'encaissement-carte', amountCents: 30_000 },
    { typeCode: 'depense-especes', amountCents: 2_550 },
    { typeCode: 'remise-banque', amountCents: 10_000 },
    { typeCode: 'ecart-de-caisse', amountCents: -130 },
    // A correction of a cash revenue takes back its cash.
    { typeCode: 'encaissement-especes', amountCents: -1_000 },
  ];

  it('balanceFinal = balanceInitial + cash inflow − cash outflow (cards and sales do not touch the drawer)', () => {
    const t = dayTotals(day);
    expect(t.inflowCents).toBe(35_000);
    expect(t.outflowCents).toBe(2_550 + 10_000 + 130 + 1_000);
    expect(balanceFinalCents(5_000, t)).toBe(5_000 + 35_000 - 13_680);
    expect(t.salesCents).toBe(50_000);
    expect(t.salesByVatRate.get(5.5)).toBe(40_000);
    expect(t.revenuesByPaymentMethod.get('especes')).toBe(19_000);
    expect(t.differenceCents).toBe(-130);
    expect(cashEffectCents('encaissement-carte', 100)).toBe(0);
  });

  it('sales excl. VAT from each rate’s sales incl. VAT, to the cent', () => {
    expect(
      salesExclTaxCents(
        new Map([
          [20, 12_000],
          [5.5, 21_100],
          [10, 1_100],
          [2.1, 10_210],
        ]),
      ),
    ).toBe(10_000 + 20_000 + 1_000 + 10_000);
  });
});
