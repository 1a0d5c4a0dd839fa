CREATE TABLE "user_tours" (
	"user_id" integer NOT NULL,
	"tour_id" varchar(64) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tours_user_id_tour_id_pk" PRIMARY KEY("user_id","tour_id"),
	CONSTRAINT "user_tours_outcome_check" CHECK ("user_tours"."outcome" in ('finished', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "user_tours" ADD CONSTRAINT "user_tours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
