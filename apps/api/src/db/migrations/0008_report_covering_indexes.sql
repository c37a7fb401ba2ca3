DROP INDEX "stock_movements_from_item_time_idx";--> statement-breakpoint
DROP INDEX "stock_movements_to_item_time_idx";--> statement-breakpoint
CREATE INDEX "stock_movements_from_item_time_idx" ON "stock_movements" USING btree ("from_location_id","item_id","occurred_at","quantity","deleted_at");--> statement-breakpoint
CREATE INDEX "stock_movements_to_item_time_idx" ON "stock_movements" USING btree ("to_location_id","item_id","occurred_at","quantity","deleted_at");