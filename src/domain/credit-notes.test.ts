import { describe, expect, it } from 'vitest';
import {
  correctedInvoiceLinkErrors,
  creditableAmount,
  creditMessages,
  creditNoteLimitErrors,
  type CreditableDocument,
} from './credit-notes';
import { computeTotals } from './totals';
import type { InvoiceLine } from './types';

const line = (label: string, quantity: number, unitPrice: number, vatRate = 20): InvoiceLine => ({
  code: '00',
  type: 'Standard',
  label,
  quantity,
  unitMeasurement: '',
  unitPrice,
  salesAccount: '706',
  vatRate,
});
const doc = (lines: InvoiceLine[]): CreditableDocument => {
  const t = computeTotals(lines);
  return { lines, ttc: t.ttc, vatBreakdown: t.vatBreakdown };
};
// 2 × 100 € at 20 % + 1 × 50 € at 5,5 % = 200 + 40 + 50 + 2,75 = 292,75 € TTC
const invoice = { ...doc([line('Conseil', 2, 100), line('Livre', 1, 50, 5.5)]), number: 'F2026-0007' };

describe('creditNoteLimitErrors', () => {
  it('accepts a full credit note, then refuses any further one (already fully credited)', () => {
    const full = doc(invoice.lines as InvoiceLine[]);
    expect(creditNoteLimitErrors(invoice, [], full)).toEqual([]);
    expect(creditNoteLimitErrors(invoice, [full], doc([line('Conseil', 1, 1)]))).toEqual([
      'La facture F2026-0007 est déjà entièrement créditée : aucun nouvel avoir n’est possible.',
    ]);
  });

  it('accepts several partial credit notes up to the invoice, refuses the one that goes past', () => {
    const one = doc([line('Conseil', 1, 100)]);
    expect(creditNoteLimitErrors(invoice, [], one)).toEqual([]);
    expect(creditNoteLimitErrors(invoice, [one], one)).toEqual([]);
    expect(creditableAmount(invoice, [one, one])).toBe(52.75);
    const third = creditNoteLimitErrors(invoice, [one, one], doc([line('Conseil', 1, 100)]));
    expect(third).toEqual([
      'Le montant de cet avoir (120,00\u00a0€ TTC) dépasse ce qui reste à créditer sur la facture F2026-0007 : 52,75\u00a0€ TTC.',
      'Au taux de TVA de 20\u00a0%, cet avoir crédite 100,00\u00a0€ HT alors qu’il reste 0,00\u00a0€ HT à créditer sur la facture F2026-0007.',
      'Ligne « Conseil » : cet avoir crédite 100,00\u00a0€ HT alors qu’il reste 0,00\u00a0€ HT à créditer sur cette ligne de la facture F2026-0007.',
    ]);
  });

  it('limits each line and each VAT rate, even when the total still fits', () => {
    const errors = creditNoteLimitErrors(invoice, [], doc([line('Livre', 2, 50, 5.5)]));
    expect(errors).toEqual([
      'Au taux de TVA de 5,5\u00a0%, cet avoir crédite 100,00\u00a0€ HT alors qu’il reste 50,00\u00a0€ HT à créditer sur la facture F2026-0007.',
      'Ligne « Livre » : cet avoir crédite 100,00\u00a0€ HT alors qu’il reste 50,00\u00a0€ HT à créditer sur cette ligne de la facture F2026-0007.',
    ]);
  });

  it('lets a commercial gesture (a line the invoice does not have) through within the amounts', () => {
    expect(creditNoteLimitErrors(invoice, [], doc([line('Geste commercial', 1, 30)]))).toEqual([]);
  });
});

describe('correctedInvoiceLinkErrors', () => {
  const invoice = { number: 'F2026-00012', validated: true, type: 'Facture', customerId: 7 };
  it('accepts a credit note naming a validated invoice of the same customer', () => {
    expect(correctedInvoiceLinkErrors({ type: 'Avoir', correctedInvoiceId: 1 }, invoice, 7)).toEqual([]);
    expect(correctedInvoiceLinkErrors({ type: 'Avoir', correctedInvoiceId: null }, null, 7)).toEqual([]);
  });
  it('refuses another customer, a draft, a credit note, an unknown invoice or an invoice naming one', () => {
    expect(correctedInvoiceLinkErrors({ type: 'Avoir', correctedInvoiceId: 1 }, invoice, 8)).toEqual([
      'L’avoir doit concerner le même client que la facture F2026-00012 qu’il corrige.',
    ]);
    expect(
      correctedInvoiceLinkErrors({ type: 'Avoir', correctedInvoiceId: 1 }, { ...invoice, validated: false }, 7),
    ).toEqual([creditMessages.notValidated]);
    expect(
      correctedInvoiceLinkErrors({ type: 'Avoir', correctedInvoiceId: 1 }, { ...invoice, type: 'Avoir' }, 7),
    ).toEqual(['Un avoir ne peut corriger qu’une facture (pas un autre avoir).']);
    expect(correctedInvoiceLinkErrors({ type: 'Avoir', correctedInvoiceId: 1 }, null, 7)).toEqual([
      'La facture corrigée par cet avoir est introuvable.',
    ]);
    expect(correctedInvoiceLinkErrors({ type: 'Facture', correctedInvoiceId: 1 }, invoice, 7)).toEqual([
      'Seul un avoir peut faire référence à une facture corrigée.',
    ]);
  });
});
