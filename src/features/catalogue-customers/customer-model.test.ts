import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, validateCustomer } from '../../domain/customers';
import { QUEUED_MESSAGE } from '../../data/local-rows';
import { customerFeedback } from './customer-feedback';
import {
  accountNumberText,
  addressLines,
  customerBody,
  customerName,
  customerFieldErrors,
  customerFromRow,
  emptyCustomer,
  filterCustomers,
  indexCustomers,
  parseDelay,
  paymentDelayLabel,
  type CustomerRow,
} from './customer-model';
import { paymentModeOptions } from './environment-options';

const row = (over: Partial<CustomerRow>): CustomerRow => ({ ...emptyCustomer(), ...over });

describe('customer model', () => {
  it('a blank account number stays blank (only the server numbers customers); a typed one is kept', () => {
    expect(customerBody(row({ socialReason: ' Épicerie ' })).accountNumber).toBe('');
    expect(customerBody(row({ accountNumber: ' 411CLI ', socialReason: 'X' }))).toMatchObject({
      accountNumber: '411CLI',
      socialReason: 'X',
    });
  });

  it('a customer created offline shows « Numéro attribué à l’envoi », never its temporary reference', () => {
    expect(accountNumberText('tmp-1b4e28ba-2fa1-41d2-883f-0016d3cca427')).toBe('Numéro attribué à l’envoi');
    expect(accountNumberText('C00020')).toBe('C00020');
    expect(customerName(row({ accountNumber: 'tmp-1b4e28ba-2fa1-41d2-883f-0016d3cca427' }))).toBe(
      'Numéro attribué à l’envoi',
    );
  });

  it('drops blank alternate billing addresses and cleans SIREN and VAT number', () => {
    const body = customerBody(
      row({
        socialReason: 'X',
        billingAddresses: ['  ', '2 rue B'],
        siren: '123 456 789',
        vatNumber: 'fr 12 123456789',
      }),
    );
    expect(body).toMatchObject({ billingAddresses: ['2 rue B'], siren: '123456789', vatNumber: 'FR12123456789' });
  });

  it('payment delay: blank is the 30-day default, French text is read, garbage is refused', () => {
    expect(parseDelay('')).toBeNull();
    expect(parseDelay('45')).toBe(45);
    expect(Number.isNaN(parseDelay('trente'))).toBe(true);
    expect(
      validateCustomer(
        row({ accountNumber: 'C1', socialReason: 'X', siren: '732829320', paymentDelay: parseDelay('trente') }),
      ),
    ).toEqual([CUSTOMER_MESSAGES.paymentDelayInvalid]);
    expect(paymentDelayLabel(null)).toBe('30 jours (par défaut)');
    expect(paymentDelayLabel(1)).toBe('1 jour');
    expect(paymentDelayLabel(60)).toBe('60 jours');
  });

  it('maps each broken rule to its field', () => {
    expect(customerFieldErrors([CUSTOMER_MESSAGES.emailInvalid, CUSTOMER_MESSAGES.socialReasonRequired])).toEqual({
      email: CUSTOMER_MESSAGES.emailInvalid,
      socialReason: CUSTOMER_MESSAGES.socialReasonRequired,
    });
  });

  it('reads the address as lines, the country only when not France', () => {
    expect(
      addressLines({ address: '12 rue de la Paix\nBât. B', postalCode: '75002', city: 'Paris', country: 'France' }),
    ).toEqual(['12 rue de la Paix', 'Bât. B', '75002 Paris']);
    expect(
      addressLines({ address: 'Rue Neuve 1', postalCode: '1000', city: 'Bruxelles', country: 'Belgique' }),
    ).toEqual(['Rue Neuve 1', '1000 Bruxelles', 'Belgique']);
  });

  it('a row with nulls becomes a complete form', () => {
    const c = customerFromRow({
      ...row({ accountNumber: 'C1', socialReason: 'A' }),
      email: null as never,
      billingAddresses: null as never,
      id: 3,
    });
    expect(c).toMatchObject({ email: '', billingAddresses: [], isBusiness: true, paymentDelay: null });
    expect(c).not.toHaveProperty('id');
  });

  it('sorts by name and searches name, account number, city and e-mail without accents', () => {
    const index = indexCustomers([
      row({ accountNumber: 'C2', socialReason: 'Zénith' }),
      row({ accountNumber: 'C1', socialReason: 'Épicerie Léa', city: 'Lyon', email: 'lea@example.fr' }),
    ]);
    expect(index.rows.map((r) => r.accountNumber)).toEqual(['C1', 'C2']);
    expect(filterCustomers(index, 'epicerie lyon').map((r) => r.accountNumber)).toEqual(['C1']);
    expect(filterCustomers(index, 'c2').map((r) => r.socialReason)).toEqual(['Zénith']);
    expect(filterCustomers(index, 'example.fr')).toHaveLength(1);
  });

  it('offers the environment’s means of payment plus the customer’s own', () => {
    expect(paymentModeOptions({ invoice: { meansOfPayment: ['Virement', 'Chèque'] } } as never, 'Espèces')).toEqual([
      'Virement',
      'Chèque',
      'Espèces',
    ]);
    expect(paymentModeOptions(null)).toEqual([]);
  });
});

describe('customer toasts', () => {
  it('says what happened, with the server’s words on a refusal', () => {
    expect(customerFeedback('create', { status: 'done', response: {} })).toMatchObject({
      tone: 'success',
      title: 'Client créé',
      settled: true,
    });
    expect(
      customerFeedback('create', {
        status: 'failed',
        httpStatus: 409,
        message: 'Un client avec ce numéro de compte existe déjà.',
        errors: [],
      }),
    ).toMatchObject({ tone: 'error', title: 'Un client avec ce numéro de compte existe déjà.', settled: false });
    expect(customerFeedback('update', { status: 'queued', reason: 'offline' })).toMatchObject({
      sub: QUEUED_MESSAGE,
      settled: true,
    });
    expect(
      customerFeedback('delete', { status: 'failed', httpStatus: 404, message: 'Client introuvable.', errors: [] })
        .settled,
    ).toBe(true);
  });
});
