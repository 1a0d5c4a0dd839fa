CREATE TABLE "queue_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" varchar(40) NOT NULL,
	"job_id" bigint NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"transition" varchar(20) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"worker_id" varchar(200),
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "queue_events" ADD CONSTRAINT "queue_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_events_job_idx" ON "queue_events" USING btree ("queue","job_id","id");
--> statement-breakpoint
CREATE INDEX "queue_uploads_created_idx" ON "queue_uploads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_proofs_created_idx" ON "queue_proofs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_moves_created_idx" ON "queue_moves" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_notifications_created_idx" ON "queue_notifications" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_epubs_created_idx" ON "queue_epubs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_accounting_created_idx" ON "queue_accounting" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
DO $$ BEGIN IF to_regclass('public.queue_payments') IS NOT NULL THEN CREATE INDEX IF NOT EXISTS "queue_payments_created_idx" ON "queue_payments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST); END IF; END $$;
