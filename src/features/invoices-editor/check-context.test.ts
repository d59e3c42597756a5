import { describe, expect, it } from 'vitest';
import type { Customer } from '../../domain/types';
import { countValidatedThisMonth, documentErrors, latestValidatedDate, type CheckInputs } from './check-context';
import { emptyForm, setCustomer } from './editor-model';
import { addBlankLine, updateLine } from './line-ops';
import type { InvoiceListRow } from './types';

const customer: Customer = {
  accountNumber: 'C1',
  socialReason: 'Client',
  address: '1 rue A',
  billingAddresses: [],
  paymentDelay: 30,
  // Decision 046: a professional customer in France is validated with its SIREN.
  siren: '732829320',
};
const row = (id: number, type: 'Facture' | 'Avoir', createdAt: string, validated = true): InvoiceListRow => ({
  id,
  type,
  number: validated ? `F-${id}` : null,
  customer: { accountNumber: 'C1', socialReason: 'Client', name: '' },
  invoice: { createdAt, validated, ttc: 10 },
});
const inputs = (over: Partial<CheckInputs> = {}): CheckInputs => ({
  exercises: [{ dateStart: '2026-01-01', dateEnd: '2026-12-31' }],
  customer,
  today: '2026-11-21',
  company: { subscriptionInvoice: 'Starter', numberInvoiceValidateMonth: 2 },
  invoices: [],
  ...over,
});

function validForm() {
  const form = setCustomer(emptyForm('invoice', '2026-11-21'), 'invoice', customer);
  const lines = addBlankLine([], 'standard');
  return { ...form, lines: updateLine(lines, lines[0].id, { label: 'x', unitPrice: 10, vatRate: 20 }) };
}

describe('client-side checks with the server’s context', () => {
  it('an empty draft lists every failure in the spec’s words', () => {
    const errors = documentErrors('invoice', { ...emptyForm('invoice', '2026-11-21'), createdAt: '' }, inputs());
    expect(errors).toEqual(
      expect.arrayContaining([
        'Votre facture ne contient aucun article.',
        'Votre facture ne contient pas de client.',
        'Votre facture ne contient pas de date de facturation.',
      ]),
    );
    expect(documentErrors('quote', { ...emptyForm('quote', '2026-11-21'), validatedAt: null }, inputs())).toEqual(
      expect.arrayContaining([
        'Votre devis ne contient aucun article.',
        'Votre devis ne contient pas de date de validité.',
      ]),
    );
  });

  it('the Starter limit only blocks a validation of a Facture, counted in the cached list or given by the dashboard', () => {
    const rows = [
      row(1, 'Facture', '2026-11-02'),
      row(2, 'Facture', '2026-11-03'),
      row(3, 'Facture', '2026-10-30'),
      row(4, 'Avoir', '2026-11-04'),
      row(5, 'Facture', '2026-11-05', false),
    ];
    expect(countValidatedThisMonth(rows, '2026-11-21')).toBe(2);
    const limit = "Votre abonnement actuel ne vous permet pas d'effectuer une nouvelle facture.";
    expect(documentErrors('invoice', validForm(), inputs({ invoices: rows }), false)).toEqual([]);
    expect(documentErrors('invoice', validForm(), inputs({ invoices: rows }), true)).toEqual([limit]);
    expect(
      documentErrors(
        'invoice',
        { ...validForm(), type: 'Avoir', correctedInvoiceId: 1 },
        inputs({ invoices: rows }),
        true,
      ),
    ).toEqual([]);
    expect(documentErrors('invoice', validForm(), inputs({ invoices: rows, validatedThisMonth: 1 }), true)).toEqual([]);
  });

  it('no billing date before an already validated invoice (rule 15)', () => {
    const rows = [row(1, 'Facture', '2026-11-25'), row(2, 'Facture', '2026-11-30', false)];
    expect(latestValidatedDate(rows)).toBe('2026-11-25');
    expect(documentErrors('invoice', validForm(), inputs({ invoices: rows }))).toEqual([
      'Vous ne pouvez pas faire une facture avec une date de facturation antérieure à une facture déjà validée.',
    ]);
  });

  it('validation waits for the seller’s legal details, named in French; a draft does not', () => {
    const seller = {
      label: 'Boulangerie Pâtisserie Martin',
      legalForm: 'SARL',
      shareCapital: '8 000 €',
      address: '14 rue des Lilas',
      postalCode: '69003',
      city: 'Lyon',
      siren: '404833048',
      rcs: 'RCS Lyon',
      vatNumber: 'FR83404833048',
    };
    const refused = documentErrors(
      'invoice',
      validForm(),
      inputs({ company: null, seller: { ...seller, siren: null, legalForm: '' } }),
      true,
    );
    expect(refused).toEqual([
      'Complétez les mentions légales de la société avant de valider une facture : forme juridique, SIREN.',
    ]);
    expect(
      documentErrors('invoice', validForm(), inputs({ company: null, seller: { ...seller, siren: null } }), false),
    ).toEqual([]);
    expect(documentErrors('invoice', validForm(), inputs({ company: null, seller }), true)).toEqual([]);
  });
});
