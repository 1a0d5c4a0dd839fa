CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"description" varchar(200),
	"type_discount" smallint NOT NULL,
	"amount" integer NOT NULL,
	"year" varchar(9) NOT NULL,
	"max_uses" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"minimum_order_cents" integer,
	"starts_on" date,
	"ends_on" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"online_order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"product_id" integer,
	"type_product" smallint NOT NULL,
	"type_sub_product" smallint DEFAULT 0 NOT NULL,
	"type_shipping" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"type_personalization" smallint,
	"personalization_name" varchar(40),
	"personalization_icons" varchar(100),
	"personalization_photo_key" varchar(300),
	"custom_pages" smallint,
	"ad_size" smallint,
	"ad_image_key" varchar(300),
	"dedication_text" text,
	"is_donated" boolean DEFAULT false NOT NULL,
	"distributed_at" timestamp with time zone,
	"distributed_by_user_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"order_number" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"type_payment" smallint NOT NULL,
	"type_shipping" smallint NOT NULL,
	"parent_name" varchar(200) NOT NULL,
	"parent_email" varchar(254) NOT NULL,
	"parent_phone" varchar(40),
	"student_first_name" varchar(100),
	"student_last_name" varchar(100),
	"grade" varchar(4),
	"homeroom" varchar(100),
	"ship_to" jsonb,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"discount_id" integer,
	"tax_zip" varchar(10),
	"tax_rate_basis_points" integer,
	"checkout_key" varchar(100),
	"payment_intent_id" varchar(100),
	"entered_by_user_id" integer,
	"check_number" varchar(40),
	"paid_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"online_order_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" varchar(100),
	"amount_cents" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"failure_message" text,
	"idempotency_key" varchar(150) NOT NULL,
	"created_by_user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"event_id" varchar(100) NOT NULL,
	"type" varchar(100) NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" varchar(40),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"type_product" smallint NOT NULL,
	"type_sub_product" smallint DEFAULT 0 NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"type_shipping" smallint DEFAULT 1 NOT NULL,
	"ad_size" smallint,
	"type_envelope" smallint DEFAULT 0 NOT NULL,
	"type_personalization" smallint,
	"personalization_price_cents" integer,
	"image_key" varchar(300),
	"allows_donation" boolean DEFAULT false NOT NULL,
	"max_per_order" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "slug" varchar(80);--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "title" varchar(200);--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "welcome_text" text;--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "opens_on" date;--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "closes_on" date;--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "summer_opens_on" date;--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "summer_closes_on" date;--> statement-breakpoint
ALTER TABLE "store_statuses" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_items" ADD CONSTRAINT "online_order_items_online_order_id_online_orders_id_fk" FOREIGN KEY ("online_order_id") REFERENCES "public"."online_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_items" ADD CONSTRAINT "online_order_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_items" ADD CONSTRAINT "online_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_items" ADD CONSTRAINT "online_order_items_distributed_by_user_id_users_id_fk" FOREIGN KEY ("distributed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_store_id_store_statuses_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_online_order_id_online_orders_id_fk" FOREIGN KEY ("online_order_id") REFERENCES "public"."online_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_store_statuses_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."store_statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_account_year_code_key" ON "discounts" USING btree ("account_id","year","code");--> statement-breakpoint
CREATE INDEX "online_order_items_order_idx" ON "online_order_items" USING btree ("online_order_id");--> statement-breakpoint
CREATE INDEX "online_order_items_report_idx" ON "online_order_items" USING btree ("year","account_id","type_product","paid_at","total_cents","quantity");--> statement-breakpoint
CREATE INDEX "online_order_items_product_idx" ON "online_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_number_key" ON "online_orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_checkout_key" ON "online_orders" USING btree ("checkout_key");--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_payment_intent_key" ON "online_orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "online_orders_account_created_idx" ON "online_orders" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "online_orders_created_idx" ON "online_orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "online_orders_year_account_idx" ON "online_orders" USING btree ("year","account_id","status");--> statement-breakpoint
CREATE INDEX "online_orders_store_idx" ON "online_orders" USING btree ("store_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "online_orders_email_idx" ON "online_orders" USING btree (lower("parent_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_idempotency_key" ON "online_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "online_payments_order_idx" ON "online_payments" USING btree ("online_order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_key" ON "payment_webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "product_prices_product_idx" ON "product_prices" USING btree ("product_id","starts_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_store_idx" ON "products" USING btree ("store_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_statuses_slug_key" ON "store_statuses" USING btree ("slug");