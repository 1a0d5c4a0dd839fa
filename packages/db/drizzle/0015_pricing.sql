CREATE TABLE "customer_pricings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"designation" varchar(1) NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_pricings_designation_check" CHECK ("customer_pricings"."designation" ~ '^[A-S]$')
);
--> statement-breakpoint
CREATE TABLE "binding_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"designation" varchar(1) NOT NULL,
	"year" smallint NOT NULL,
	"type_book" smallint NOT NULL,
	"type_size" smallint NOT NULL,
	"page_min" smallint NOT NULL,
	"page_max" smallint NOT NULL,
	"per_book_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "binding_prices_designation_check" CHECK ("binding_prices"."designation" ~ '^[A-S]$'),
	CONSTRAINT "binding_prices_values_check" CHECK ("binding_prices"."per_book_cents" >= 0 and "binding_prices"."page_min" > 0 and "binding_prices"."page_min" <= "binding_prices"."page_max")
);
--> statement-breakpoint
CREATE TABLE "pricing_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"type_adjustment" smallint NOT NULL,
	"amount_cents" integer,
	"basis_points" integer,
	"free_books" integer,
	"commission_percent" smallint,
	"reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_adjustments_values_check" CHECK ("pricing_adjustments"."type_adjustment" between 0 and 4 and coalesce("pricing_adjustments"."amount_cents", 0) >= 0 and coalesce("pricing_adjustments"."basis_points", 0) between 0 and 10000 and coalesce("pricing_adjustments"."free_books", 0) >= 0 and coalesce("pricing_adjustments"."commission_percent", 0) in (0, 5, 10, 15, 20, 25))
);
--> statement-breakpoint
CREATE TABLE "ship_to_home_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"product" varchar(40) NOT NULL,
	"label" varchar(100) NOT NULL,
	"cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ship_to_home_prices_cents_check" CHECK ("ship_to_home_prices"."cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ship_to_home_shipping_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"type_book" smallint NOT NULL,
	"type_size" smallint NOT NULL,
	"page_min" smallint NOT NULL,
	"page_max" smallint NOT NULL,
	"cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ship_to_home_shipping_prices_values_check" CHECK ("ship_to_home_shipping_prices"."cents" >= 0 and "ship_to_home_shipping_prices"."page_min" > 0 and "ship_to_home_shipping_prices"."page_min" <= "ship_to_home_shipping_prices"."page_max")
);
--> statement-breakpoint
CREATE TABLE "pricing_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"type_items" smallint NOT NULL,
	"code" smallint NOT NULL,
	"label" varchar(100) NOT NULL,
	"unit_cents" integer NOT NULL,
	"per" varchar(5) DEFAULT 'book' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_items_values_check" CHECK ("pricing_items"."unit_cents" >= 0 and "pricing_items"."per" in ('book', 'order'))
);
--> statement-breakpoint
CREATE TABLE "shipping_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"type_size" smallint NOT NULL,
	"copies_min" integer NOT NULL,
	"copies_max" integer NOT NULL,
	"per_book_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_prices_values_check" CHECK ("shipping_prices"."per_book_cents" >= 0 and "shipping_prices"."copies_min" > 0 and "shipping_prices"."copies_min" <= "shipping_prices"."copies_max")
);
--> statement-breakpoint
CREATE TABLE "direct_school_pricings" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"designation" varchar(1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_school_pricings_designation_check" CHECK ("direct_school_pricings"."designation" ~ '^[A-S]$')
);
--> statement-breakpoint
ALTER TABLE "customer_pricings" ADD CONSTRAINT "customer_pricings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_adjustments" ADD CONSTRAINT "pricing_adjustments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_pricings_account_year_key" ON "customer_pricings" USING btree ("account_id","year");--> statement-breakpoint
CREATE INDEX "customer_pricings_year_idx" ON "customer_pricings" USING btree ("year","designation");--> statement-breakpoint
CREATE UNIQUE INDEX "binding_prices_bracket_key" ON "binding_prices" USING btree ("designation","year","type_book","type_size","page_min");--> statement-breakpoint
CREATE INDEX "pricing_adjustments_account_year_idx" ON "pricing_adjustments" USING btree ("account_id","year");--> statement-breakpoint
CREATE INDEX "pricing_adjustments_year_idx" ON "pricing_adjustments" USING btree ("year","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_home_prices_year_product_key" ON "ship_to_home_prices" USING btree ("year","product");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_home_shipping_prices_bracket_key" ON "ship_to_home_shipping_prices" USING btree ("year","type_book","type_size","page_min");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_items_year_type_code_key" ON "pricing_items" USING btree ("year","type_items","code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_prices_bracket_key" ON "shipping_prices" USING btree ("year","type_size","copies_min");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_school_pricings_year_key" ON "direct_school_pricings" USING btree ("year");
