CREATE TABLE "accounting_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"realm_id" varchar(50),
	"access_token" text,
	"refresh_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_connections_provider_unique" UNIQUE("provider")
);
--> statement-breakpoint
CREATE TABLE "quickbooks_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"external_id" varchar(100),
	"doc_number" varchar(40),
	"external_balance_cents" integer,
	"external_status" varchar(40),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"synced_at" timestamp with time zone,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"label" varchar(200) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"method" varchar(30) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" varchar(100),
	"card_id" integer,
	"card_label" varchar(60),
	"amount_cents" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"failure_message" text,
	"reference" varchar(200),
	"idempotency_key" varchar(150) NOT NULL,
	"refund_of_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"customer_ref" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"customer_ref" varchar(100) NOT NULL,
	"card_ref" varchar(100) NOT NULL,
	"brand" varchar(20) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_cards_last4_check" CHECK ("stripe_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "stripe_cards_expiry_check" CHECK ("stripe_cards"."exp_month" between 1 and 12 and "stripe_cards"."exp_year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "queue_accounting" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" varchar(200),
	"locked_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number" varchar(20);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "adjustments_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "year" smallint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" varchar(10);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "created_by_id" integer;--> statement-breakpoint
ALTER TABLE "quickbooks_invoices" ADD CONSTRAINT "quickbooks_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quickbooks_invoices" ADD CONSTRAINT "quickbooks_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_card_id_stripe_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."stripe_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_cards" ADD CONSTRAINT "stripe_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_cards" ADD CONSTRAINT "stripe_cards_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quickbooks_invoices_invoice_key" ON "quickbooks_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "quickbooks_invoices_status_idx" ON "quickbooks_invoices" USING btree ("status","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quickbooks_invoices_account_idx" ON "quickbooks_invoices" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_idempotency_key" ON "invoice_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_provider_ref_idx" ON "invoice_payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_account_provider_key" ON "payment_customers" USING btree ("account_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_ref_key" ON "payment_customers" USING btree ("provider","customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_cards_card_ref_key" ON "stripe_cards" USING btree ("provider","card_ref");--> statement-breakpoint
CREATE INDEX "stripe_cards_account_idx" ON "stripe_cards" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_cards_default_key" ON "stripe_cards" USING btree ("account_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "queue_accounting_claim_idx" ON "queue_accounting" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_accounting_lease_idx" ON "queue_accounting" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_accounting_status_created_idx" ON "queue_accounting" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
-- Invoices made by ordering before issue 13: their total is their subtotal, a paid one received it all.
UPDATE "invoices" SET "subtotal_cents" = "total_cents", "paid_cents" = CASE WHEN "status" = 'paid' THEN "total_cents" ELSE 0 END, "issued_at" = CASE WHEN "status" <> 'draft' THEN "created_at" END;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."paid_cents" >= 0 and "invoices"."refunded_cents" >= 0 and "invoices"."refunded_cents" <= "invoices"."paid_cents" and "invoices"."tax_cents" >= 0 and "invoices"."subtotal_cents" >= 0);