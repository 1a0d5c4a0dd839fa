ALTER TABLE "online_order_items" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "online_refund_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"online_payment_id" bigint NOT NULL,
	"online_order_item_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "online_refund_lines" ADD CONSTRAINT "online_refund_lines_online_payment_id_online_payments_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_refund_lines" ADD CONSTRAINT "online_refund_lines_online_order_item_id_online_order_items_id_fk" FOREIGN KEY ("online_order_item_id") REFERENCES "public"."online_order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_refund_lines_key" ON "online_refund_lines" USING btree ("online_payment_id","online_order_item_id");--> statement-breakpoint
CREATE INDEX "online_refund_lines_item_idx" ON "online_refund_lines" USING btree ("online_order_item_id");--> statement-breakpoint
UPDATE "online_order_items" i SET "refunded_cents" = i."total_cents" FROM "online_orders" o WHERE o."id" = i."online_order_id" AND o."status" = 'refunded' AND i."total_cents" > 0;--> statement-breakpoint
ALTER TABLE "online_order_items" ADD CONSTRAINT "online_order_items_refunded_check" CHECK ("online_order_items"."refunded_cents" >= 0 and "online_order_items"."refunded_cents" <= greatest("online_order_items"."total_cents", 0));--> statement-breakpoint
DROP INDEX "online_order_items_report_idx";--> statement-breakpoint
CREATE INDEX "online_order_items_report_idx" ON "online_order_items" USING btree ("year","account_id","type_product","paid_at","total_cents","quantity","refunded_cents");
