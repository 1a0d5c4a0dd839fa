CREATE SEQUENCE "public"."account_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 40001 CACHE 1;--> statement-breakpoint
CREATE TABLE "account_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"line1" varchar(200) NOT NULL,
	"line2" varchar(200),
	"city" varchar(100) NOT NULL,
	"region" varchar(100),
	"postal_code" varchar(20),
	"country" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"title" varchar(100),
	"email" varchar(254),
	"phone" varchar(40),
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_manufacturer_relationships" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"type_book" smallint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_manufacturer_relationships_key" UNIQUE NULLS NOT DISTINCT("account_id","manufacturer_id","type_book")
);
--> statement-breakpoint
CREATE TABLE "account_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"internal_review" boolean DEFAULT false NOT NULL,
	"opt_out_internal_review" boolean DEFAULT false NOT NULL,
	"opt_in_adviser_review_notes" boolean DEFAULT false NOT NULL,
	"project_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layout_software_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"software" smallint NOT NULL,
	"project_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"role" varchar(20) NOT NULL,
	"external_user_id" varchar(64) NOT NULL,
	"added_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"specification" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_meta" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"theme" varchar(200),
	"cover_title" varchar(200),
	"enrollment" integer,
	"staff_size" integer,
	"notes" text,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"year" smallint NOT NULL,
	"agreement_year" varchar(9),
	"type_book" smallint NOT NULL,
	"type_size" smallint,
	"page_count" smallint,
	"type_cover" smallint,
	"type_cover_style" smallint,
	"type_cover_board_weight" smallint,
	"cover_applications" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"type_endsheet" smallint,
	"type_finish" smallint,
	"type_personalization" smallint,
	"type_custom_pages" smallint,
	"type_printer" smallint,
	"type_software" smallint,
	"type_credentials_destination" smallint,
	"type_creation_kit_destination" smallint,
	"type_dock" smallint,
	"copies" integer,
	"submission_deadline" date,
	"in_home_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_rep_project_meta" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"commission_percent" smallint,
	"price_per_book_cents" integer,
	"pricing_designation" varchar(1),
	"estimated_copies" integer,
	"follow_up_date" date,
	"notes" text,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"external_id" varchar(64),
	"status" smallint DEFAULT 0 NOT NULL,
	"type_order" smallint DEFAULT 1 NOT NULL,
	"shipping_method" varchar(8),
	"b_combine_copies" boolean DEFAULT false NOT NULL,
	"count_extras" integer DEFAULT 0 NOT NULL,
	"school_tracking" varchar(100),
	"studio_tracking" varchar(100),
	"type_product" smallint DEFAULT 1 NOT NULL,
	"type_sub_product" smallint DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"internal_status" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"project_id" integer,
	"type_notification" smallint NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_name" varchar(200),
	"project_name" varchar(200),
	"order_external_id" varchar(64),
	"info" text,
	"carrier" varchar(40),
	"type_tracking_number" smallint,
	"type_book" smallint,
	"tracking_number" varchar(100),
	"shipping_method" varchar(8),
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_widget_settings" (
	"user_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_widget_settings_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "b_must_pay_before_production" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "brand_key" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "account_addresses" ADD CONSTRAINT "account_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_contacts" ADD CONSTRAINT "account_contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_manufacturer_relationships" ADD CONSTRAINT "account_manufacturer_relationships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_manufacturer_relationships" ADD CONSTRAINT "account_manufacturer_relationships_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_software_users" ADD CONSTRAINT "layout_software_users_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_software_users" ADD CONSTRAINT "layout_software_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_software_users" ADD CONSTRAINT "layout_software_users_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_meta" ADD CONSTRAINT "project_meta_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_meta" ADD CONSTRAINT "project_meta_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rep_project_meta" ADD CONSTRAINT "sales_rep_project_meta_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rep_project_meta" ADD CONSTRAINT "sales_rep_project_meta_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_statuses" ADD CONSTRAINT "store_statuses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_widget_settings" ADD CONSTRAINT "user_widget_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_addresses_account_idx" ON "account_addresses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_contacts_account_idx" ON "account_contacts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_manufacturer_relationships_manufacturer_idx" ON "account_manufacturer_relationships" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "layout_software_users_key" ON "layout_software_users" USING btree ("software","project_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "presets_account_name_key" ON "presets" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "projects_account_year_idx" ON "projects" USING btree ("account_id","year");--> statement-breakpoint
CREATE INDEX "projects_year_account_idx" ON "projects" USING btree ("year","account_id","is_active","id");--> statement-breakpoint
CREATE INDEX "projects_submission_deadline_idx" ON "projects" USING btree ("submission_deadline");--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree ("name");--> statement-breakpoint
CREATE INDEX "orders_project_latest_idx" ON "orders" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","submitted_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "proofs_project_latest_idx" ON "proofs" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status");--> statement-breakpoint
CREATE UNIQUE INDEX "store_statuses_account_year_key" ON "store_statuses" USING btree ("account_id","year");--> statement-breakpoint
CREATE INDEX "notifications_account_date_idx" ON "notifications" USING btree ("account_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_date_idx" ON "notifications" USING btree ("date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accounts_type_country_idx" ON "accounts" USING btree ("type","country");