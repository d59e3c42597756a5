import { describe, expect, it } from 'vitest';
import type { Customer } from '../../domain/types';
import { documentErrors, type CheckInputs } from './check-context';
import { rememberCreditBasis } from './credit-basis-data';
import { emptyForm, setCustomer } from './editor-model';
import { addBlankLine, updateLine } from './line-ops';

// Decision 011: with the corrected invoice's facts on the device, the editor refuses an over-credit
// before saving (offline too), in the rulebook's words; without them it leaves it to the server.

const customer: Customer = {
  accountNumber: 'C1',
  socialReason: 'Client',
  address: '1 rue A',
  billingAddresses: [],
  paymentDelay: 30,
};
const inputs: CheckInputs = {
  exercises: [{ dateStart: '2026-01-01', dateEnd: '2026-12-31' }],
  customer,
  today: '2026-11-21',
  company: null,
  invoices: [],
};
const conseil = {
  code: 'PRE001',
  type: 'Standard' as const,
  label: 'Conseil',
  quantity: 1,
  unitMeasurement: '',
  unitPrice: 100,
  salesAccount: '706',
  vatRate: 20,
};

function creditNote(correctedInvoiceId: number, unitPrice: number) {
  const form = setCustomer(emptyForm('invoice', '2026-11-21'), 'invoice', customer);
  const lines = addBlankLine([], 'standard');
  return {
    ...form,
    type: 'Avoir' as const,
    dueDate: null,
    correctedInvoiceId,
    lines: updateLine(lines, lines[0].id, { code: 'PRE001', label: 'Conseil', unitPrice, vatRate: 20 }),
  };
}

describe('credit-note limit in the editor', () => {
  it('refuses what exceeds the rest to credit when the invoice is known on the device', () => {
    rememberCreditBasis(41, {
      invoice: { number: 'F2026-0041', lines: [conseil], ttc: 120, vatBreakdown: [{ rate: 20, base: 100, vat: 20 }] },
      prior: [{ lines: [{ ...conseil, unitPrice: 60 }], ttc: 72, vatBreakdown: [{ rate: 20, base: 60, vat: 12 }] }],
    });
    expect(documentErrors('invoice', creditNote(41, 40), inputs)).toEqual([]);
    expect(documentErrors('invoice', creditNote(41, 50), inputs).map((e) => e.replace(/[\u202f\u00a0]/g, ' '))).toEqual(
      [
        'Le montant de cet avoir (60,00 € TTC) dépasse ce qui reste à créditer sur la facture F2026-0041 : 48,00 € TTC.',
        'Au taux de TVA de 20 %, cet avoir crédite 50,00 € HT alors qu’il reste 40,00 € HT à créditer sur la facture F2026-0041.',
        'Ligne « Conseil » : cet avoir crédite 50,00 € HT alors qu’il reste 40,00 € HT à créditer sur cette ligne de la facture F2026-0041.',
      ],
    );
  });

  it('stays silent when the invoice was never read on this device (the server judges)', () => {
    expect(documentErrors('invoice', creditNote(999, 5000), inputs)).toEqual([]);
  });
});
