ALTER TABLE "customers" ADD COLUMN "electronic_address_scheme" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "electronic_address" text;