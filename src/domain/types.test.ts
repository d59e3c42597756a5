import { describe, it, expectTypeOf } from 'vitest';
import type { AppRight, Article, Customer, Invoice, InvoiceLine, Permission, Quote, QuoteStateLabel } from './types';

// types.ts has no runtime code: these checks run in the type checker (tsc / vitest) and pin
// the spec's field names, misspellings included, which real clients depend on.
describe('entity types keep the spec field names', () => {
  it('invoice and customer spellings', () => {
    expectTypeOf<Invoice>().toHaveProperty('paymentMode').toEqualTypeOf<string>();
    expectTypeOf<Invoice>().toHaveProperty('billingAddress').toEqualTypeOf<string>();
    expectTypeOf<Invoice>().toHaveProperty('type').toEqualTypeOf<'Facture' | 'Avoir' | ''>();
    expectTypeOf<Invoice>().toHaveProperty('number').toEqualTypeOf<string | null>();
    expectTypeOf<Customer>().toHaveProperty('address').toEqualTypeOf<string>();
    expectTypeOf<Customer>().toHaveProperty('paymentDelay').toEqualTypeOf<number | null | undefined>();
  });

  it('lines, articles, quotes and rights', () => {
    expectTypeOf<InvoiceLine['type']>().toEqualTypeOf<'Standard' | 'Commentaire'>();
    expectTypeOf<Article['unitMeasurement']>().toEqualTypeOf<{ label: string } | null>();
    expectTypeOf<Quote['state']>().toEqualTypeOf<QuoteStateLabel>();
    expectTypeOf<Quote>().toHaveProperty('validatedAt').toEqualTypeOf<string | null>();
    expectTypeOf<AppRight['permissions']>().toEqualTypeOf<Permission[]>();
  });
});
