import { describe, it, expect } from 'vitest';
import {
  customerHasNoAddress,
  exerciseViolation,
  exercisesNewestFirst,
  hasVatClauseWithVat,
  hasZeroQuantity,
  hasZeroUnitPrice,
  standardLines,
} from './check-helpers';
import type { Customer, InvoiceLine } from './types';

const std = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  code: '00',
  type: 'Standard',
  label: 'A',
  quantity: 1,
  unitMeasurement: '',
  unitPrice: 10,
  salesAccount: '706',
  vatRate: 20,
  ...over,
});
const comment = std({ code: 'CC', type: 'Commentaire', quantity: 0, unitPrice: 0, vatRate: 20 });
const spacer = std({ code: 'ES', type: 'Commentaire', quantity: 0, unitPrice: 0 });

const customer = (over: Partial<Customer> = {}): Customer => ({
  accountNumber: '411DUPONT',
  socialReason: 'Dupont SARL',
  address: '',
  billingAddresses: [],
  ...over,
});

describe('line rules ignore comment and spacer lines', () => {
  it('standardLines keeps priced lines only', () => {
    expect(standardLines([comment, std(), spacer])).toHaveLength(1);
    expect(standardLines(undefined)).toEqual([]);
  });

  it('zero quantity / zero price', () => {
    expect(hasZeroQuantity([std({ quantity: 0 })])).toBe(true);
    expect(hasZeroQuantity([std(), comment, spacer])).toBe(false);
    expect(hasZeroQuantity([std({ quantity: '' as unknown as number })])).toBe(true); // emptied field
    expect(hasZeroUnitPrice([std({ unitPrice: 0 })])).toBe(true);
    expect(hasZeroUnitPrice([std({ unitPrice: 0.01 }), comment])).toBe(false);
  });

  it('VAT clause is a fault only with VAT on a standard line', () => {
    expect(hasVatClauseWithVat('TVA non applicable, art. 293 B du CGI', [std({ vatRate: 20 })])).toBe(true);
    expect(hasVatClauseWithVat('TVA non applicable, art. 293 B du CGI', [std({ vatRate: 0 })])).toBe(false);
    expect(hasVatClauseWithVat('TVA non applicable', [std({ vatRate: 0 }), comment])).toBe(false);
    expect(hasVatClauseWithVat('   ', [std({ vatRate: 20 })])).toBe(false);
    expect(hasVatClauseWithVat('', [std({ vatRate: 20 })])).toBe(false);
  });
});

describe('customerHasNoAddress', () => {
  it('needs no main address, no alternate one and none on the document', () => {
    expect(customerHasNoAddress(customer(), '')).toBe(true);
    expect(customerHasNoAddress(customer({ billingAddresses: ['  '] }), '  ')).toBe(true);
    expect(customerHasNoAddress(customer({ address: '1 rue de la Paix' }), '')).toBe(false);
    expect(customerHasNoAddress(customer({ billingAddresses: ['2 rue Haute'] }), '')).toBe(false);
    expect(customerHasNoAddress(customer(), '3 place Basse')).toBe(false);
    expect(customerHasNoAddress(null, '')).toBe(false);
  });
});

describe('exerciseViolation (INV-7)', () => {
  const y2025 = { dateStart: '2025-01-01', dateEnd: '2025-12-31' };
  const y2026 = { dateStart: '2026-01-01', dateEnd: '2026-12-31' };

  it('sorts exercises newest first whatever the input order', () => {
    expect(exercisesNewestFirst([y2025, y2026])).toEqual([y2026, y2025]);
    expect(exercisesNewestFirst([y2026, y2025])).toEqual([y2026, y2025]);
  });

  it('with one exercise: first and last days are inside, the days around are not', () => {
    expect(exerciseViolation('2026-01-01', [y2026])).toBeNull();
    expect(exerciseViolation('2026-12-31', [y2026])).toBeNull();
    expect(exerciseViolation('2027-01-01', [y2026])).toBe('after');
    expect(exerciseViolation('2025-12-31', [y2026])).toBe('before');
  });

  it('with the previous exercise still open, its dates are accepted', () => {
    expect(exerciseViolation('2025-06-15', [y2025, y2026])).toBeNull();
    expect(exerciseViolation('2025-01-01', [y2026, y2025])).toBeNull();
    expect(exerciseViolation('2024-12-31', [y2025, y2026])).toBe('before');
    expect(exerciseViolation('2027-01-01', [y2025, y2026])).toBe('after');
  });

  it('a shifted fiscal year (July to June)', () => {
    const fy = [{ dateStart: '2026-07-01', dateEnd: '2027-06-30' }];
    expect(exerciseViolation('2027-06-30', fy)).toBeNull();
    expect(exerciseViolation('2027-07-01', fy)).toBe('after');
    expect(exerciseViolation('2026-06-30', fy)).toBe('before');
  });

  it('without exercises the rule cannot be judged', () => {
    expect(exerciseViolation('2026-06-15', [])).toBeNull();
    expect(exerciseViolation('2026-06-15', undefined)).toBeNull();
  });
});
