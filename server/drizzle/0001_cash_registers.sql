CREATE TABLE "cash_closings" (
	"register_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"movement_count" integer NOT NULL,
	"anchor_seq" integer NOT NULL,
	"anchor_hash" text NOT NULL,
	"inflow_cents" bigint NOT NULL,
	"outflow_cents" bigint NOT NULL,
	"sales_cents" bigint NOT NULL,
	"grand_total_cents" bigint NOT NULL,
	"balance_initial_cents" bigint NOT NULL,
	"balance_final_cents" bigint NOT NULL,
	"counted_cents" bigint,
	"difference_cents" bigint,
	"counted_detail" jsonb,
	"at" timestamp (3) with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	CONSTRAINT "cash_closings_register_id_seq_pk" PRIMARY KEY("register_id","seq")
);
--> statement-breakpoint
CREATE TABLE "cash_day_totals" (
	"register_id" integer NOT NULL,
	"day" date NOT NULL,
	"type_code" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "cash_day_totals_register_id_day_type_code_pk" PRIMARY KEY("register_id","day","type_code")
);
--> statement-breakpoint
CREATE TABLE "cash_movement_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"category" text NOT NULL,
	"vat_rate" numeric(5, 2),
	"payment_method" text,
	"cash" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_movements" (
	"register_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"uuid" uuid NOT NULL,
	"day" date NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"type_id" integer NOT NULL,
	"type_code" text NOT NULL,
	"linked_uuid" uuid,
	"amount_cents" bigint NOT NULL,
	"label" text NOT NULL,
	"user_id" integer NOT NULL,
	"receipt_sha256" text,
	"receipt_type" text,
	"receipt_name" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	CONSTRAINT "cash_movements_register_id_seq_pk" PRIMARY KEY("register_id","seq")
);
--> statement-breakpoint
CREATE TABLE "cash_registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"label" text NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_hash" text DEFAULT '0000000000000000000000000000000000000000000000000000000000000000' NOT NULL,
	"last_closing_seq" integer DEFAULT 0 NOT NULL,
	"last_closing_hash" text DEFAULT '0000000000000000000000000000000000000000000000000000000000000000' NOT NULL,
	"last_closed_day" date,
	"last_closed_balance_cents" bigint DEFAULT 0 NOT NULL,
	"grand_total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cash_registers_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "cash_signing_keys" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_closings" ADD CONSTRAINT "cash_closings_register_id_cash_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_day_totals" ADD CONSTRAINT "cash_day_totals_register_id_cash_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movement_types" ADD CONSTRAINT "cash_movement_types_register_id_cash_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_register_id_cash_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."cash_registers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_type_id_cash_movement_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."cash_movement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_registers" ADD CONSTRAINT "cash_registers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_closings_register_kind_idx" ON "cash_closings" USING btree ("register_id","kind","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_movement_types_register_code_idx" ON "cash_movement_types" USING btree ("register_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_movements_register_uuid_idx" ON "cash_movements" USING btree ("register_id","uuid");--> statement-breakpoint
CREATE INDEX "cash_movements_register_day_idx" ON "cash_movements" USING btree ("register_id","day");--> statement-breakpoint
CREATE INDEX "cash_movements_receipt_idx" ON "cash_movements" USING btree ("receipt_sha256") WHERE receipt_sha256 is not null;--> statement-breakpoint
CREATE INDEX "cash_registers_company_idx" ON "cash_registers" USING btree ("company_id");