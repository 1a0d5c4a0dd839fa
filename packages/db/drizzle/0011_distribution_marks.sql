ALTER TABLE "online_order_items" ADD COLUMN "distribution_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_order_items" ADD COLUMN "distribution_mark_id" varchar(64);