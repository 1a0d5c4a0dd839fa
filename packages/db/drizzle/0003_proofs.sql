CREATE TABLE "proof_comment_internals" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"page" integer,
	"x" double precision,
	"y" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"page" integer,
	"code" varchar(40) NOT NULL,
	"severity" varchar(10) NOT NULL,
	"message" text NOT NULL,
	"box" jsonb
);
--> statement-breakpoint
CREATE TABLE "proof_internal_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"user_id" integer,
	"action" varchar(60) NOT NULL,
	"internal_status" smallint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_reviewers" (
	"id" serial PRIMARY KEY NOT NULL,
	"proof_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "upload_job_id" bigint;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "round_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "kind" varchar(10) DEFAULT 'pages' NOT NULL;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "file_key" varchar(300);--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "processing_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "manifest_key" varchar(300);--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "unlocked_for_edits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "proof_comment_internals" ADD CONSTRAINT "proof_comment_internals_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_comment_internals" ADD CONSTRAINT "proof_comment_internals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_comments" ADD CONSTRAINT "proof_comments_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_comments" ADD CONSTRAINT "proof_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_findings" ADD CONSTRAINT "proof_findings_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_internal_actions" ADD CONSTRAINT "proof_internal_actions_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_internal_actions" ADD CONSTRAINT "proof_internal_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_reviewers" ADD CONSTRAINT "proof_reviewers_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_reviewers" ADD CONSTRAINT "proof_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_comment_internals_proof_idx" ON "proof_comment_internals" USING btree ("proof_id");--> statement-breakpoint
CREATE INDEX "proof_comments_proof_idx" ON "proof_comments" USING btree ("proof_id");--> statement-breakpoint
CREATE INDEX "proof_findings_proof_idx" ON "proof_findings" USING btree ("proof_id","page");--> statement-breakpoint
CREATE INDEX "proof_internal_actions_proof_idx" ON "proof_internal_actions" USING btree ("proof_id","created_at");--> statement-breakpoint
CREATE INDEX "proof_reviewers_proof_idx" ON "proof_reviewers" USING btree ("proof_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proofs_upload_job_key" ON "proofs" USING btree ("upload_job_id");