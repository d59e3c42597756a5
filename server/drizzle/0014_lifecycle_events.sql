CREATE TABLE "invoice_lifecycle_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	"reason_code" text,
	"reason_text" text,
	"failed_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flow_id" text,
	"message_id" text,
	"payment_id" integer
);
--> statement-breakpoint
CREATE TABLE "received_invoice_lifecycle_events" (
	"id" integer PRIMARY KEY DEFAULT nextval('invoice_lifecycle_events_id_seq') NOT NULL,
	"company_id" integer NOT NULL,
	"received_invoice_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	"user_id" integer,
	"reason_code" text,
	"reason_text" text,
	"failed_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flow_id" text,
	"message_id" text
);
--> statement-breakpoint
ALTER TABLE "invoice_lifecycle_events" ADD CONSTRAINT "invoice_lifecycle_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lifecycle_events" ADD CONSTRAINT "invoice_lifecycle_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoice_lifecycle_events" ADD CONSTRAINT "received_invoice_lifecycle_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoice_lifecycle_events" ADD CONSTRAINT "received_invoice_lifecycle_events_received_invoice_id_received_invoices_id_fk" FOREIGN KEY ("received_invoice_id") REFERENCES "public"."received_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lifecycle_events_invoice_idx" ON "invoice_lifecycle_events" USING btree ("invoice_id","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lifecycle_events_flow_uq" ON "invoice_lifecycle_events" USING btree ("company_id","flow_id");--> statement-breakpoint
CREATE INDEX "received_invoice_lifecycle_events_invoice_idx" ON "received_invoice_lifecycle_events" USING btree ("received_invoice_id","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_invoice_lifecycle_events_flow_uq" ON "received_invoice_lifecycle_events" USING btree ("company_id","flow_id");--> statement-breakpoint
-- Decision 089: a lifecycle trail is what happened to an invoice, dated; it is never rewritten nor
-- removed, by the application or by a statement typed by hand (as the retention triggers of 0010).
CREATE FUNCTION "lifecycle_trail_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le suivi des statuts d’une facture est conservé tel qu’il a été reçu ou émis : il ne peut être ni modifié ni supprimé.'
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoice_lifecycle_events_append_only" BEFORE UPDATE OR DELETE ON "invoice_lifecycle_events"
  FOR EACH ROW EXECUTE FUNCTION "lifecycle_trail_guard"();
--> statement-breakpoint
CREATE TRIGGER "received_invoice_lifecycle_events_append_only" BEFORE UPDATE OR DELETE ON "received_invoice_lifecycle_events"
  FOR EACH ROW EXECUTE FUNCTION "lifecycle_trail_guard"();
