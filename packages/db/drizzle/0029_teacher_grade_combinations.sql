CREATE TABLE "teacher_grade_combinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"teacher" varchar(100) NOT NULL,
	"grade" varchar(5) NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"source" varchar(6) DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_grade_combinations_grade_check" CHECK ("teacher_grade_combinations"."grade" in ('PK','KG','01','02','03','04','05','06','07','08','09','10','11','12','13','Other')),
	CONSTRAINT "teacher_grade_combinations_count_check" CHECK ("teacher_grade_combinations"."student_count" >= 0),
	CONSTRAINT "teacher_grade_combinations_source_check" CHECK ("teacher_grade_combinations"."source" in ('roster','manual'))
);
--> statement-breakpoint
ALTER TABLE "teacher_grade_combinations" ADD CONSTRAINT "teacher_grade_combinations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_grade_combinations_key" ON "teacher_grade_combinations" USING btree ("account_id","year","teacher","grade");--> statement-breakpoint
CREATE INDEX "teacher_grade_combinations_grade_idx" ON "teacher_grade_combinations" USING btree ("account_id","year","grade");--> statement-breakpoint
CREATE INDEX "teacher_grade_combinations_year_idx" ON "teacher_grade_combinations" USING btree ("year","grade");
