-- Issue 16: the roster service's jobs (imports, syncs, exports) are a queue like the others: the engine's
-- columns, then what the roster's jobs page shows. roster_school_id / roster_district_id name rows of
-- the roster schema, which is migrated after this one, so they are not foreign keys.
CREATE TABLE "queue_roster" (
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
	"completed_at" timestamp with time zone,
	"kind" varchar(10) NOT NULL,
	"account_id" integer NOT NULL,
	"roster_school_id" integer,
	"roster_district_id" integer,
	"progress" smallint DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{"added":0,"changed":0,"removed":0,"skipped":0}'::jsonb NOT NULL,
	"faults" jsonb DEFAULT '{"items":[],"total":0}'::jsonb NOT NULL,
	"requested_by" integer,
	CONSTRAINT "queue_roster_kind_check" CHECK ("queue_roster"."kind" in ('import', 'sync', 'export')),
	CONSTRAINT "queue_roster_progress_check" CHECK ("queue_roster"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "queue_roster" ADD CONSTRAINT "queue_roster_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_roster" ADD CONSTRAINT "queue_roster_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_roster_claim_idx" ON "queue_roster" USING btree ("run_after","id") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "queue_roster_lease_idx" ON "queue_roster" USING btree ("locked_until") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "queue_roster_created_idx" ON "queue_roster" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_roster_status_created_idx" ON "queue_roster" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_roster_completed_idx" ON "queue_roster" USING btree ("completed_at") WHERE completed_at is not null;--> statement-breakpoint
CREATE INDEX "queue_roster_account_status_idx" ON "queue_roster" USING btree ("account_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The live events (migration 0025's three statement triggers, as on every queue table). The account id
-- an event carries is read from the payload's accountId, which enqueueRosterJob writes beside the column.
CREATE TRIGGER "queue_roster_events_insert" AFTER INSERT ON "queue_roster" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colophon_queue_events();--> statement-breakpoint
CREATE TRIGGER "queue_roster_events_update" AFTER UPDATE ON "queue_roster" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION colophon_queue_events();--> statement-breakpoint
CREATE TRIGGER "queue_roster_events_delete" AFTER DELETE ON "queue_roster" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION colophon_queue_events();
