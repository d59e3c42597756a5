import { index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './users';
import { customers } from './catalogue';
import { invoices } from './invoices';

/**
 * « Mon compte » (decision 043): a client company's account with its accounting firm. The firm is a
 * company of the portal that invoices its clients with the invoicing module; the firm links each
 * client company to the customer record that represents it. One link per client company.
 */
export const firmAccounts = pgTable(
  'firm_accounts',
  {
    clientCompanyId: integer('client_company_id')
      .primaryKey()
      .references(() => companies.id),
    firmCompanyId: integer('firm_company_id')
      .notNull()
      .references(() => companies.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firm_accounts_customer_uq').on(t.customerId)],
);

/**
 * A card payment through the provider's hosted page (the card never reaches the portal). Its state
 * changes only by the provider's signed notification (or its status read back): 'pending' →
 * 'accepted' | 'refused'. `checkoutId` is the provider's: a notification received twice has one effect.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: serial('id').primaryKey(),
    clientCompanyId: integer('client_company_id')
      .notNull()
      .references(() => companies.id),
    /** The firm's invoice paid, or null for the statement's balance. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
    userId: integer('user_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    reference: text('reference').notNull(),
    provider: text('provider').notNull(),
    checkoutId: text('checkout_id'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('card_payments_checkout_uq').on(t.provider, t.checkoutId),
    index('card_payments_company_idx').on(t.clientCompanyId, t.createdAt),
  ],
);
