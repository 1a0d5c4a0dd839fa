ALTER TABLE "invoices" ADD COLUMN "tax_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_basis_points_check" CHECK ("invoices"."tax_basis_points" between 0 and 10000);
