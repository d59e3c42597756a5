CREATE TABLE "platform_inbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"flow_id" text NOT NULL,
	"flow_type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_invoice_id" integer,
	"detail" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" integer NOT NULL,
	"tracking_id" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"syntax" text NOT NULL,
	"profile" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"submitting_since" timestamp with time zone,
	"flow_id" text,
	"ack_status" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"auth_kind" text NOT NULL,
	"token_url" text,
	"client_id" text,
	"client_secret" text,
	"bearer_token" text,
	"hook_id" text NOT NULL,
	"webhook_uid" text,
	"webhook_key" text,
	"polled_until" text,
	"last_check_at" timestamp with time zone,
	"last_check_ok" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_strays" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"reason" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_inbound" ADD CONSTRAINT "platform_inbound_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_outbox" ADD CONSTRAINT "platform_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_strays" ADD CONSTRAINT "platform_strays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_inbound_flow_uq" ON "platform_inbound" USING btree ("company_id","flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_outbox_tracking_uq" ON "platform_outbox" USING btree ("company_id","tracking_id");--> statement-breakpoint
CREATE INDEX "platform_outbox_due_idx" ON "platform_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "platform_outbox_source_idx" ON "platform_outbox" USING btree ("company_id","kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_settings_hook_uq" ON "platform_settings" USING btree ("hook_id");