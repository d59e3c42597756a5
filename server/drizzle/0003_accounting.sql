CREATE TABLE "accounting_exercises" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"import_id" integer NOT NULL,
	"lines" integer NOT NULL,
	"entries" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'loading' NOT NULL,
	"exercise_id" integer,
	"file_name" text NOT NULL,
	"siren" text,
	"closing_date" date,
	"date_start" date,
	"date_end" date,
	"lines" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"total_debit_cents" bigint DEFAULT 0 NOT NULL,
	"total_credit_cents" bigint DEFAULT 0 NOT NULL,
	"encoding" text DEFAULT '' NOT NULL,
	"separator" text DEFAULT '' NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"replaced" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_journals" (
	"import_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"lines" integer NOT NULL,
	"debit_cents" bigint NOT NULL,
	"credit_cents" bigint NOT NULL,
	CONSTRAINT "accounting_journals_import_id_code_pk" PRIMARY KEY("import_id","code")
);
--> statement-breakpoint
CREATE TABLE "accounting_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"journal" text NOT NULL,
	"journal_label" text NOT NULL,
	"entry_number" text NOT NULL,
	"date" date NOT NULL,
	"account" text NOT NULL,
	"account_label" text NOT NULL,
	"aux_account" text,
	"aux_label" text,
	"piece" text NOT NULL,
	"piece_date" date,
	"label" text NOT NULL,
	"debit_cents" bigint NOT NULL,
	"credit_cents" bigint NOT NULL,
	"lettering" text,
	"lettering_date" date,
	"valid_date" date,
	"search_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_monthly" (
	"import_id" integer NOT NULL,
	"account" text NOT NULL,
	"month" date NOT NULL,
	"opening" boolean NOT NULL,
	"account_label" text NOT NULL,
	"lines" integer NOT NULL,
	"debit_cents" bigint NOT NULL,
	"credit_cents" bigint NOT NULL,
	CONSTRAINT "accounting_monthly_import_id_account_month_opening_pk" PRIMARY KEY("import_id","account","month","opening")
);
--> statement-breakpoint
CREATE TABLE "accounting_request_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"text" text NOT NULL,
	"files" jsonb NOT NULL,
	"user_id" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"kind" text NOT NULL,
	"question" text NOT NULL,
	"entry_date" date NOT NULL,
	"journal" text NOT NULL,
	"entry_number" text NOT NULL,
	"piece" text NOT NULL,
	"label" text NOT NULL,
	"account" text,
	"amount_cents" bigint NOT NULL,
	"asked_by" integer NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounting_search_states" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_search_states_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "accounting_exercises" ADD CONSTRAINT "accounting_exercises_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_imports" ADD CONSTRAINT "accounting_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_imports" ADD CONSTRAINT "accounting_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_request_answers" ADD CONSTRAINT "accounting_request_answers_request_id_accounting_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."accounting_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_request_answers" ADD CONSTRAINT "accounting_request_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_search_states" ADD CONSTRAINT "accounting_search_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_search_states" ADD CONSTRAINT "accounting_search_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_exercises_company_idx" ON "accounting_exercises" USING btree ("company_id","date_end");--> statement-breakpoint
CREATE INDEX "accounting_imports_company_idx" ON "accounting_imports" USING btree ("company_id","imported_at");--> statement-breakpoint
CREATE INDEX "accounting_lines_book_idx" ON "accounting_lines" USING btree ("import_id","account","date","id");--> statement-breakpoint
CREATE INDEX "accounting_lines_date_idx" ON "accounting_lines" USING btree ("import_id","date","id");--> statement-breakpoint
CREATE INDEX "accounting_request_answers_request_idx" ON "accounting_request_answers" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "accounting_requests_company_idx" ON "accounting_requests" USING btree ("company_id","asked_at");