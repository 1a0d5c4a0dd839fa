-- Issue 16: the name check of a proof against its school's roster, one row per proof (replaced by each
-- processing run). roster_school_id names a row of the roster schema, migrated after this one: no
-- foreign key.
CREATE TABLE "proof_name_checks" (
	"proof_id" integer PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"roster_school_id" integer NOT NULL,
	"roster_size" integer DEFAULT 0 NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "proof_name_checks" ADD CONSTRAINT "proof_name_checks_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_name_checks_roster_school_idx" ON "proof_name_checks" USING btree ("roster_school_id");
