CREATE TABLE "accounting_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"refund_id" bigint NOT NULL,
	"provider" varchar(20) NOT NULL,
	"external_id" varchar(100) NOT NULL,
	"doc_number" varchar(40) NOT NULL,
	"amount_cents" integer NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_credits_amount_check" CHECK ("accounting_credits"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounting_credits" ADD CONSTRAINT "accounting_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_credits" ADD CONSTRAINT "accounting_credits_refund_id_invoice_payments_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_credits_refund_key" ON "accounting_credits" USING btree ("refund_id","provider");--> statement-breakpoint
CREATE INDEX "accounting_credits_invoice_idx" ON "accounting_credits" USING btree ("invoice_id","booked_at");--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "connected_by_id" integer;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_connected_by_id_users_id_fk" FOREIGN KEY ("connected_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
