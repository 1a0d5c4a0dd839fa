CREATE TABLE "manufacturer_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"date" date NOT NULL,
	"reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturer_turn_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"type_book" smallint NOT NULL,
	"turn_time_days" smallint NOT NULL,
	"redo_turn_time_days" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" integer,
	"type_product" smallint DEFAULT 1 NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"message" text,
	"source" varchar(10) NOT NULL,
	"user_id" integer,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personalization_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"filename" varchar(200) NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"row_count" integer NOT NULL,
	"uploaded_by" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_postbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"postback_id" varchar(100) NOT NULL,
	"order_id" integer,
	"payload" jsonb NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"type_tracking_number" smallint DEFAULT 1 NOT NULL,
	"carrier" varchar(40) NOT NULL,
	"shipping_method" varchar(8),
	"tracking_number" varchar(100) NOT NULL,
	"copies" integer,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_account_date_idx";--> statement-breakpoint
DROP INDEX "notifications_date_idx";--> statement-breakpoint
DROP INDEX "orders_project_latest_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "proofs_project_latest_idx";--> statement-breakpoint
DROP INDEX "processor_statuses_queue_idx";--> statement-breakpoint
DROP INDEX "queue_epubs_status_created_idx";--> statement-breakpoint
DROP INDEX "queue_moves_status_created_idx";--> statement-breakpoint
DROP INDEX "queue_notifications_status_created_idx";--> statement-breakpoint
DROP INDEX "queue_proofs_status_created_idx";--> statement-breakpoint
DROP INDEX "queue_uploads_status_created_idx";--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "postback_secret" varchar(128);--> statement-breakpoint
ALTER TABLE "manufacturing_plants" ADD COLUMN "zip" varchar(10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "orders" SET "account_id" = "projects"."account_id" FROM "projects" WHERE "projects"."id" = "orders"."project_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "proof_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "copies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manufacturer_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plant_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_expedited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "xml" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "xml_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "send_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "plant_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manufacturer_closures" ADD CONSTRAINT "manufacturer_closures_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_turn_times" ADD CONSTRAINT "manufacturer_turn_times_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalization_uploads" ADD CONSTRAINT "personalization_uploads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalization_uploads" ADD CONSTRAINT "personalization_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_postbacks" ADD CONSTRAINT "plant_postbacks_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_postbacks" ADD CONSTRAINT "plant_postbacks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturer_closures_key" ON "manufacturer_closures" USING btree ("manufacturer_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturer_turn_times_key" ON "manufacturer_turn_times" USING btree ("manufacturer_id","type_book");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at","id");--> statement-breakpoint
CREATE INDEX "personalization_uploads_order_idx" ON "personalization_uploads" USING btree ("order_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "plant_postbacks_key" ON "plant_postbacks" USING btree ("manufacturer_id","postback_id");--> statement-breakpoint
CREATE INDEX "plant_postbacks_order_idx" ON "plant_postbacks" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_tracking_key" ON "shipments" USING btree ("order_id","tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_tracking_idx" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_proof_id_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."proofs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plant_id_manufacturing_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."manufacturing_plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"account_id","status");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_manufacturer_idx" ON "orders" USING btree ("manufacturer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_id_key" ON "orders" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "orders_proof_idx" ON "orders" USING btree ("proof_id");--> statement-breakpoint
CREATE INDEX "notifications_account_date_idx" ON "notifications" USING btree ("account_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_date_idx" ON "notifications" USING btree ("date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_project_latest_idx" ON "orders" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","submitted_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"account_id");--> statement-breakpoint
CREATE INDEX "proofs_project_latest_idx" ON "proofs" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status");--> statement-breakpoint
CREATE INDEX "processor_statuses_queue_idx" ON "processor_statuses" USING btree ("queue","last_heartbeat_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_epubs_status_created_idx" ON "queue_epubs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_moves_status_created_idx" ON "queue_moves" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_notifications_status_created_idx" ON "queue_notifications" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_proofs_status_created_idx" ON "queue_proofs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "queue_uploads_status_created_idx" ON "queue_uploads" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);