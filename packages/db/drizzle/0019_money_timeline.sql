CREATE INDEX "online_orders_account_paid_idx" ON "online_orders" USING btree ("account_id","paid_at") WHERE "online_orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "online_payments_refunds_idx" ON "online_payments" USING btree ("online_order_id","created_at") WHERE "online_payments"."kind" = 'refund' and "online_payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "fund_requests_account_completed_idx" ON "fund_requests" USING btree ("account_id","completed_at") WHERE "fund_requests"."status" = 2;--> statement-breakpoint
CREATE INDEX "invoices_account_issued_idx" ON "invoices" USING btree ("account_id","issued_at") WHERE "invoices"."issued_at" is not null;--> statement-breakpoint
CREATE INDEX "invoices_account_voided_idx" ON "invoices" USING btree ("account_id","voided_at") WHERE "invoices"."voided_at" is not null;
