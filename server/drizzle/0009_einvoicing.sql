CREATE TABLE "received_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"deposit_id" integer NOT NULL,
	"deposited_by" integer,
	"format" text NOT NULL,
	"kind" text DEFAULT 'Facture' NOT NULL,
	"supplier_name" text DEFAULT '' NOT NULL,
	"supplier_siren" text,
	"supplier_vat_number" text,
	"supplier_key" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" text,
	"due_date" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"ht" numeric(14, 2),
	"tva" numeric(14, 2),
	"ttc" numeric(14, 2),
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sole_trader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "late_penalty_rate" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_on_debits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "operation_kind" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_on_debits" boolean;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sale_date" date;--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_deposit_id_inbox_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."inbox_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_invoices" ADD CONSTRAINT "received_invoices_deposited_by_users_id_fk" FOREIGN KEY ("deposited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "received_invoices_supplier_number_uq" ON "received_invoices" USING btree ("company_id","supplier_key","number","kind");--> statement-breakpoint
CREATE INDEX "received_invoices_company_created_idx" ON "received_invoices" USING btree ("company_id","created_at","id");