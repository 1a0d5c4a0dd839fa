CREATE TABLE "proof_automation_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"automation" varchar(40) NOT NULL,
	"status" varchar(20) NOT NULL,
	"adapter" varchar(40) NOT NULL,
	"external_ref" varchar(200),
	"payload" jsonb,
	"response" jsonb,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_software_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"software" smallint NOT NULL,
	"action" varchar(20) NOT NULL,
	"reason" text,
	"adapter" varchar(40) NOT NULL,
	"external_ref" varchar(200),
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_session_parts" (
	"session_id" uuid NOT NULL,
	"part_number" integer NOT NULL,
	"size" bigint NOT NULL,
	"etag" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_session_parts_session_id_part_number_pk" PRIMARY KEY("session_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"project_id" integer,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"part_size" integer NOT NULL,
	"part_count" integer NOT NULL,
	"store_upload_id" varchar(1024),
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "upload_sessions_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "cover_image_key" varchar(300);--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "epub_key" varchar(300);--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "epub_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proof_automation_sends" ADD CONSTRAINT "proof_automation_sends_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_software_actions" ADD CONSTRAINT "proof_software_actions_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_session_parts" ADD CONSTRAINT "upload_session_parts_session_id_upload_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."upload_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_automation_sends_proof_idx" ON "proof_automation_sends" USING btree ("proof_id","created_at");--> statement-breakpoint
CREATE INDEX "proof_software_actions_proof_idx" ON "proof_software_actions" USING btree ("proof_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_sessions_user_idx" ON "upload_sessions" USING btree ("user_id","status","created_at");