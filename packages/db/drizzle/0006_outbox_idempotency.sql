ALTER TABLE "outbox_emails" ADD COLUMN "idempotency_key" varchar(300);--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_emails_idempotency_key" ON "outbox_emails" USING btree ("idempotency_key");