import { describe, expect, it } from 'vitest';
import {
  amountDue,
  invoiceStatus,
  invoiceStatuses,
  meansFromPaymentMode,
  paymentErrors,
  type SettlementFacts,
} from './invoice-status';
import { ageingBucket, ageReceivables } from './receivables';

const today = '2026-11-23';
const inv = (f: Partial<SettlementFacts> = {}): SettlementFacts => ({
  type: 'Facture',
  validated: true,
  sentAt: null,
  dueDate: '2026-12-01',
  ttc: 120,
  paid: 0,
  credited: 0,
  ...f,
});
const euro = (n: number) => `${n.toFixed(2).replace('.', ',')} €`;

describe('invoiceStatus', () => {
  it('names every situation of the invoice page', () => {
    expect(invoiceStatus(inv({ validated: false }), today)).toBe('Brouillon');
    expect(invoiceStatus(inv(), today)).toBe('Validée');
    expect(invoiceStatus(inv({ sentAt: '2026-11-20T10:00:00Z' }), today)).toBe('Envoyée');
    expect(invoiceStatus(inv({ paid: 120 }), today)).toBe('Payée');
    expect(invoiceStatus(inv({ paid: 20.5 }), today)).toBe('Partiellement payée');
    expect(invoiceStatus(inv({ dueDate: '2026-11-22' }), today)).toBe('En retard');
    expect(invoiceStatus(inv({ dueDate: today }), today)).toBe('Validée');
    expect(invoiceStatus(inv({ credited: 20 }), today)).toBe('Avoir partiel');
    expect(invoiceStatus(inv({ credited: 120, dueDate: '2026-01-01' }), today)).toBe('Avoir total');
    expect(invoiceStatus(inv({ credited: 20, paid: 100 }), today)).toBe('Payée');
    expect(invoiceStatus(inv({ type: 'Avoir', dueDate: null }), today)).toBe('Validée');
  });

  it('adds what the main status hides', () => {
    expect(invoiceStatuses(inv({ dueDate: '2026-10-01', paid: 50, credited: 10 }), today)).toEqual([
      'En retard',
      'Partiellement payée',
      'Avoir partiel',
    ]);
    expect(invoiceStatuses(inv({ paid: 100, credited: 20 }), today)).toEqual(['Payée', 'Avoir partiel']);
  });

  it('computes the rest due in cents (0,1 + 0,2 stays exact), never below 0', () => {
    expect(amountDue(inv({ ttc: 0.3, paid: 0.1, credited: 0.2 }))).toBe(0);
    expect(amountDue(inv({ ttc: '1234.56', paid: '234.56' }))).toBe(1000);
    expect(amountDue(inv({ paid: 120, credited: 50 }))).toBe(0);
  });
});

describe('paymentErrors', () => {
  const facts = { ...inv({ paid: 20 }), createdAt: '2026-11-01' };
  it('accepts a partial payment and refuses an overpayment, a future or early date, an empty amount', () => {
    expect(paymentErrors({ date: today, amount: 50, means: 'virement' }, facts, today, euro)).toEqual([]);
    expect(paymentErrors({ date: today, amount: 100.01, means: 'cheque' }, facts, today, euro)).toEqual([
      'Le montant dépasse le reste à payer (100,00 €).',
    ]);
    expect(paymentErrors({ date: '2026-11-24', amount: 0, means: 'carte' }, facts, today, euro)).toEqual([
      'La date du paiement ne peut pas être postérieure à aujourd’hui.',
      'Le montant du paiement doit être supérieur à 0 €.',
    ]);
    expect(paymentErrors({ date: '2026-10-31', amount: 1, means: 'carte' }, facts, today, euro)).toEqual([
      'La date du paiement ne peut pas être antérieure à la date de la facture.',
    ]);
    expect(
      paymentErrors({ date: today, amount: 1, means: 'carte' }, { ...facts, validated: false }, today, euro),
    ).toEqual(['Seule une facture validée peut être marquée comme payée.']);
  });
  it('reads the means from a payment mode text', () => {
    expect(meansFromPaymentMode('Virement bancaire')).toBe('virement');
    expect(meansFromPaymentMode('Chèque')).toBe('cheque');
    expect(meansFromPaymentMode('')).toBe('autre');
  });
});

describe('ageing of receivables', () => {
  it('puts each rest due in its bucket by days past due', () => {
    expect(ageingBucket('2026-11-23', today)).toBe('notDue');
    expect(ageingBucket('2026-11-22', today)).toBe('d0_30');
    expect(ageingBucket('2026-10-24', today)).toBe('d0_30'); // 30 days
    expect(ageingBucket('2026-10-23', today)).toBe('d31_60'); // 31 days
    expect(ageingBucket('2026-09-24', today)).toBe('d31_60'); // 60 days
    expect(ageingBucket('2026-09-23', today)).toBe('d61_90'); // 61 days
    expect(ageingBucket('2026-08-25', today)).toBe('d61_90'); // 90 days
    expect(ageingBucket('2026-08-24', today)).toBe('d90plus'); // 91 days
  });
  it('sums rests due per bucket and per customer', () => {
    const a = { accountNumber: 'C1', socialReason: 'Alpha' };
    const b = { accountNumber: 'C2', socialReason: 'Beta' };
    const r = ageReceivables(
      [
        { ...inv({ ttc: 100, dueDate: '2026-12-01' }), customer: a },
        { ...inv({ ttc: 200, paid: 50, dueDate: '2026-11-01' }), customer: a },
        { ...inv({ ttc: 300, credited: 300, dueDate: '2026-01-01' }), customer: b },
        { ...inv({ ttc: 80, dueDate: '2026-07-01' }), customer: b },
      ],
      today,
    );
    expect(r.buckets.map((x) => [x.key, x.amount, x.count])).toEqual([
      ['notDue', 100, 1],
      ['d0_30', 150, 1],
      ['d31_60', 0, 0],
      ['d61_90', 0, 0],
      ['d90plus', 80, 1],
    ]);
    expect(r.total).toBe(330);
    expect(r.overdue).toBe(230);
    expect(r.customers).toEqual([
      { accountNumber: 'C1', socialReason: 'Alpha', amount: 250, overdue: 150, count: 2 },
      { accountNumber: 'C2', socialReason: 'Beta', amount: 80, overdue: 80, count: 1 },
    ]);
  });
});
