CREATE TABLE "processor_statuses" (
	"worker_id" varchar(200) PRIMARY KEY NOT NULL,
	"queue" varchar(40) NOT NULL,
	"host" varchar(200) NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"current_job_id" bigint,
	"jobs_done" integer DEFAULT 0 NOT NULL,
	"jobs_failed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_epubs" (
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
CREATE TABLE "queue_moves" (
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
CREATE TABLE "queue_notifications" (
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
CREATE TABLE "queue_proofs" (
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
CREATE TABLE "queue_uploads" (
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
CREATE INDEX "processor_statuses_queue_idx" ON "processor_statuses" USING btree ("queue","last_heartbeat_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queue_epubs_claim_idx" ON "queue_epubs" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_epubs_lease_idx" ON "queue_epubs" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_epubs_status_created_idx" ON "queue_epubs" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queue_moves_claim_idx" ON "queue_moves" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_moves_lease_idx" ON "queue_moves" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_moves_status_created_idx" ON "queue_moves" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queue_notifications_claim_idx" ON "queue_notifications" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_notifications_lease_idx" ON "queue_notifications" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_notifications_status_created_idx" ON "queue_notifications" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queue_proofs_claim_idx" ON "queue_proofs" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_proofs_lease_idx" ON "queue_proofs" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_proofs_status_created_idx" ON "queue_proofs" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queue_uploads_claim_idx" ON "queue_uploads" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_uploads_lease_idx" ON "queue_uploads" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_uploads_status_created_idx" ON "queue_uploads" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);