DROP INDEX "stock_movements_from_item_time_idx";--> statement-breakpoint
DROP INDEX "stock_movements_to_item_time_idx";--> statement-breakpoint
DROP INDEX "stock_movements_purchase_idx";--> statement-breakpoint
CREATE INDEX "stock_movements_from_item_time_idx" ON "stock_movements" USING btree ("from_location_id","item_id","occurred_at","quantity","deleted_at") WHERE "stock_movements"."from_location_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_to_item_time_idx" ON "stock_movements" USING btree ("to_location_id","item_id","occurred_at","quantity","deleted_at") WHERE "stock_movements"."to_location_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_purchase_idx" ON "stock_movements" USING btree ("purchase_id") WHERE "stock_movements"."purchase_id" is not null;