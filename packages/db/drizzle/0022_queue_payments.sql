CREATE TABLE "queue_payments" (
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
CREATE INDEX "queue_payments_claim_idx" ON "queue_payments" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_payments_lease_idx" ON "queue_payments" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_payments_status_created_idx" ON "queue_payments" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
