CREATE TABLE "digital_yearbook_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"online_order_item_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"project_id" integer,
	"code_hash" varchar(64) NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digital_yearbook_access" ADD CONSTRAINT "digital_yearbook_access_online_order_item_id_online_order_items_id_fk" FOREIGN KEY ("online_order_item_id") REFERENCES "public"."online_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_yearbook_access" ADD CONSTRAINT "digital_yearbook_access_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_yearbook_access" ADD CONSTRAINT "digital_yearbook_access_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digital_yearbook_access_code_key" ON "digital_yearbook_access" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_yearbook_access_item_key" ON "digital_yearbook_access" USING btree ("online_order_item_id");--> statement-breakpoint
CREATE INDEX "digital_yearbook_access_project_idx" ON "digital_yearbook_access" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "digital_yearbook_access_account_idx" ON "digital_yearbook_access" USING btree ("account_id");
