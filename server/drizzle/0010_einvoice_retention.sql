-- Hand-written (issue 18, french-rules.md « Retention »): a validated invoice or credit note and the
-- PDF stored at its validation (the Factur-X file sent to the customer) are kept unchanged 10 years.
-- The application never does otherwise; these triggers make sure a statement typed by hand cannot.
-- After validation only the follow-up columns move: payments, credits, sending, the ledger's search
-- text. Written with `npx drizzle-kit generate --custom` (decision 038: migrations are additive).
CREATE FUNCTION "retention_invoice_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."validated" THEN
      RAISE EXCEPTION 'La facture % est validée : elle est conservée 10 ans et ne peut pas être supprimée.', OLD."number"
        USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."validated" AND (
       NEW."validated" IS DISTINCT FROM OLD."validated"
    OR NEW."number" IS DISTINCT FROM OLD."number"
    OR NEW."type" IS DISTINCT FROM OLD."type"
    OR NEW."company_id" IS DISTINCT FROM OLD."company_id"
    OR NEW."customer_id" IS DISTINCT FROM OLD."customer_id"
    OR NEW."created_at" IS DISTINCT FROM OLD."created_at"
    OR NEW."lines" IS DISTINCT FROM OLD."lines"
    OR NEW."ht" IS DISTINCT FROM OLD."ht"
    OR NEW."tva" IS DISTINCT FROM OLD."tva"
    OR NEW."ttc" IS DISTINCT FROM OLD."ttc"
    OR NEW."customer_snapshot" IS DISTINCT FROM OLD."customer_snapshot"
    OR NEW."seller_snapshot" IS DISTINCT FROM OLD."seller_snapshot"
    OR NEW."corrected_invoice_id" IS DISTINCT FROM OLD."corrected_invoice_id") THEN
    RAISE EXCEPTION 'La facture % est validée : son contenu ne peut plus changer (corrigez-la par un avoir).', OLD."number"
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_retention" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "retention_invoice_guard"();
--> statement-breakpoint
CREATE FUNCTION "retention_invoice_pdf_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le fichier d’une facture validée est conservé 10 ans tel qu’il a été émis.'
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoice_pdfs_retention" BEFORE UPDATE OR DELETE ON "invoice_pdfs"
  FOR EACH ROW EXECUTE FUNCTION "retention_invoice_pdf_guard"();
--> statement-breakpoint
CREATE FUNCTION "retention_received_invoice_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Une facture reçue est conservée 10 ans telle qu’elle a été lue.'
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "received_invoices_retention" BEFORE UPDATE OR DELETE ON "received_invoices"
  FOR EACH ROW EXECUTE FUNCTION "retention_received_invoice_guard"();
