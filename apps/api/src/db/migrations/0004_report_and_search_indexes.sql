DROP INDEX "stock_movements_from_idx";--> statement-breakpoint
DROP INDEX "stock_movements_to_idx";--> statement-breakpoint
CREATE INDEX "items_item_no_order_idx" ON "items" USING btree (lower("item_no"),"id") WHERE "items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "stock_movements_from_item_time_idx" ON "stock_movements" USING btree ("from_location_id","item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_to_item_time_idx" ON "stock_movements" USING btree ("to_location_id","item_id","occurred_at");