import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, users } from './users';

// « Ma comptabilité » (decision 039): what the firm's FEC imports bring. Every line and aggregate
// belongs to one import; an exercise names its current import, and readers read only that one, so
// an accepted file replaces the exercise in one short transaction (old or new, never a mix).
// Amounts are integer cents (bigint), never floats.

const cents = (name: string) => bigint(name, { mode: 'number' });

/** One FEC file received: 'loading' while its lines arrive, 'done' once accepted, 'refused'. */
export const accountingImports = pgTable(
  'accounting_imports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('loading'),
    exerciseId: integer('exercise_id'),
    fileName: text('file_name').notNull(),
    siren: text('siren'),
    closingDate: date('closing_date', { mode: 'string' }),
    dateStart: date('date_start', { mode: 'string' }),
    dateEnd: date('date_end', { mode: 'string' }),
    lines: integer('lines').notNull().default(0),
    entries: integer('entries').notNull().default(0),
    totalDebitCents: cents('total_debit_cents').notNull().default(0),
    totalCreditCents: cents('total_credit_cents').notNull().default(0),
    encoding: text('encoding').notNull().default(''),
    separator: text('separator').notNull().default(''),
    sha256: text('sha256').notNull().default(''),
    replaced: boolean('replaced').notNull().default(false),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounting_imports_company_idx').on(t.companyId, t.importedAt)],
);

/** An exercise of a company and the import that currently holds its lines. */
export const accountingExercises = pgTable(
  'accounting_exercises',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dateStart: date('date_start', { mode: 'string' }).notNull(),
    dateEnd: date('date_end', { mode: 'string' }).notNull(),
    importId: integer('import_id').notNull(),
    lines: integer('lines').notNull(),
    entries: integer('entries').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('accounting_exercises_company_idx').on(t.companyId, t.dateEnd)],
);

/** The FEC's lines, as read (raw CompteNum kept), tagged with their import. */
export const accountingLines = pgTable(
  'accounting_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: integer('import_id').notNull(),
    lineNo: integer('line_no').notNull(),
    journal: text('journal').notNull(),
    journalLabel: text('journal_label').notNull(),
    entryNumber: text('entry_number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    account: text('account').notNull(),
    accountLabel: text('account_label').notNull(),
    auxAccount: text('aux_account'),
    auxLabel: text('aux_label'),
    piece: text('piece').notNull(),
    pieceDate: date('piece_date', { mode: 'string' }),
    label: text('label').notNull(),
    debitCents: cents('debit_cents').notNull(),
    creditCents: cents('credit_cents').notNull(),
    lettering: text('lettering'),
    letteringDate: date('lettering_date', { mode: 'string' }),
    validDate: date('valid_date', { mode: 'string' }),
    /** Lower-cased, accents removed: label, piece, account and auxiliary labels (search). */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    index('accounting_lines_book_idx').on(t.importId, t.account, t.date, t.id),
    index('accounting_lines_date_idx').on(t.importId, t.date, t.id),
  ],
);

/** Per import, account and month: the sums dashboards and totals read (never the lines). */
export const accountingMonthly = pgTable(
  'accounting_monthly',
  {
    importId: integer('import_id').notNull(),
    account: text('account').notNull(),
    /** First day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** True for the opening (à-nouveaux) journal's lines: kept apart from the period's flows. */
    opening: boolean('opening').notNull(),
    accountLabel: text('account_label').notNull(),
    lines: integer('lines').notNull(),
    debitCents: cents('debit_cents').notNull(),
    creditCents: cents('credit_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.account, t.month, t.opening] })],
);

/** Per import and journal: its totals. */
export const accountingJournals = pgTable(
  'accounting_journals',
  {
    importId: integer('import_id').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    lines: integer('lines').notNull(),
    debitCents: cents('debit_cents').notNull(),
    creditCents: cents('credit_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.code] })],
);

/** The accounting search state, per user and company (ACC-2). */
export const accountingSearchStates = pgTable(
  'accounting_search_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    state: jsonb('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/** A firm's information request on an entry; the entry is copied (a later import may replace its lines). */
export const accountingRequests = pgTable(
  'accounting_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    kind: text('kind').notNull(),
    question: text('question').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    journal: text('journal').notNull(),
    entryNumber: text('entry_number').notNull(),
    piece: text('piece').notNull(),
    label: text('label').notNull(),
    account: text('account'),
    amountCents: cents('amount_cents').notNull(),
    askedBy: integer('asked_by')
      .notNull()
      .references(() => users.id),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('accounting_requests_company_idx').on(t.companyId, t.askedAt)],
);

/** A company's answer to a request: text and files (bytes in the documents' store, by SHA-256). */
export const accountingRequestAnswers = pgTable(
  'accounting_request_answers',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => accountingRequests.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    files: jsonb('files').$type<Array<{ sha256: string; name: string; size: number; mimeType: string }>>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('accounting_request_answers_request_idx').on(t.requestId)],
);
