CREATE TABLE "fund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"note" text,
	"request_key" varchar(100),
	"requested_by_user_id" integer,
	"payment_method" varchar(30),
	"payment_reference" varchar(100),
	"completed_at" timestamp with time zone,
	"completed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_requests_amount_check" CHECK ("fund_requests"."amount_cents" > 0),
	CONSTRAINT "fund_requests_status_check" CHECK ("fund_requests"."status" in (0, 2)),
	CONSTRAINT "fund_requests_kind_check" CHECK ("fund_requests"."kind" in ('presale', 'summer', 'sales_tax'))
);
--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_requests_key" ON "fund_requests" USING btree ("account_id","kind","request_key");--> statement-breakpoint
CREATE INDEX "fund_requests_kind_account_idx" ON "fund_requests" USING btree ("kind","account_id","year","status");--> statement-breakpoint
CREATE INDEX "fund_requests_kind_created_idx" ON "fund_requests" USING btree ("kind","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
