-- Issue 15: « Recherche » under 100 ms on exercises of a million lines (decision 039).
-- Words: a trigram index answers LIKE '%mot%' without reading the exercise's lines; btree_gin puts
-- the import in the same index, so one exercise's matches are found without the other exercises'.
-- Amounts: a range on debit or on credit, per import (the journal read from the index too).
-- Both extensions are trusted (PostgreSQL 13+): the database owner may create them; PGlite loads
-- them from its contrib bundles (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounting_lines_text_idx" ON "accounting_lines" USING gin ("import_id", "search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounting_lines_debit_idx" ON "accounting_lines" USING btree ("import_id", "debit_cents", "journal") WHERE "debit_cents" <> 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounting_lines_credit_idx" ON "accounting_lines" USING btree ("import_id", "credit_cents", "journal") WHERE "credit_cents" <> 0;
