DROP INDEX "purchases_supplier_invoice_unique";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_supplier_invoice_unique" ON "purchases" USING btree (lower(btrim("supplier_name")),lower(btrim("invoice_number"))) WHERE "purchases"."voided_at" is null;