ALTER TABLE "cash_registers" ADD COLUMN "head_signature" text;--> statement-breakpoint
ALTER TABLE "cash_registers" ADD COLUMN "head_key_id" text;