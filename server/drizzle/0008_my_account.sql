CREATE TABLE "card_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_company_id" integer NOT NULL,
	"invoice_id" integer,
	"user_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"checkout_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "firm_accounts" (
	"client_company_id" integer PRIMARY KEY NOT NULL,
	"firm_company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_client_company_id_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_accounts" ADD CONSTRAINT "firm_accounts_client_company_id_companies_id_fk" FOREIGN KEY ("client_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_accounts" ADD CONSTRAINT "firm_accounts_firm_company_id_companies_id_fk" FOREIGN KEY ("firm_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_accounts" ADD CONSTRAINT "firm_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_checkout_uq" ON "card_payments" USING btree ("provider","checkout_id");--> statement-breakpoint
CREATE INDEX "card_payments_company_idx" ON "card_payments" USING btree ("client_company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "firm_accounts_customer_uq" ON "firm_accounts" USING btree ("customer_id");