CREATE TABLE "client_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"message" text NOT NULL,
	"first_frame" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_user_id" integer,
	"last_url" text
);
--> statement-breakpoint
CREATE TABLE "client_error_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"message" text NOT NULL,
	"stack" text DEFAULT '' NOT NULL,
	"context" varchar(60),
	"url" text,
	"user_id" integer,
	"user_email" varchar(254),
	"user_name" varchar(200),
	"user_agent" text,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_last_user_id_users_id_fk" FOREIGN KEY ("last_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_error_reports" ADD CONSTRAINT "client_error_reports_group_id_client_errors_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_errors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_error_reports" ADD CONSTRAINT "client_error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_errors_fingerprint_key" ON "client_errors" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "client_errors_last_seen_idx" ON "client_errors" USING btree ("last_seen_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "client_errors_first_seen_idx" ON "client_errors" USING btree ("first_seen_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "client_errors_count_idx" ON "client_errors" USING btree ("count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "client_error_reports_group_idx" ON "client_error_reports" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
