-- Hand-written (issue 16, decision 040): validated invoices, their PDFs and the documents are kept
-- 10 years. The application never deletes a company (it is archived: companies.archived_at) nor a
-- user (disabled: users.disabled_at); these triggers make sure a DELETE typed by hand cannot take
-- those records away through the ON DELETE CASCADE / SET NULL of their foreign keys.
-- Written with `npx drizzle-kit generate --custom` (decision 038: migrations are additive).
CREATE FUNCTION "retention_company_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "invoices" WHERE "company_id" = OLD."id" AND "validated")
     OR EXISTS (SELECT 1 FROM "documents" WHERE "company_id" = OLD."id") THEN
    RAISE EXCEPTION 'La société % a des factures validées ou des documents conservés 10 ans : archivez-la au lieu de la supprimer.', OLD."id"
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "companies_retention" BEFORE DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION "retention_company_guard"();
--> statement-breakpoint
CREATE FUNCTION "retention_user_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "documents" WHERE "deposited_by" = OLD."id")
     OR EXISTS (SELECT 1 FROM "inbox_deposits" WHERE "user_id" = OLD."id")
     OR EXISTS (SELECT 1 FROM "invoice_events" WHERE "user_id" = OLD."id") THEN
    RAISE EXCEPTION 'L’utilisateur % a déposé des documents ou agi sur des factures conservés 10 ans : désactivez-le au lieu de le supprimer.', OLD."id"
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_retention" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "retention_user_guard"();
