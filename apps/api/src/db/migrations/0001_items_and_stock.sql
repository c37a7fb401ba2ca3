-- Trigram search over items (a trusted extension since PostgreSQL 13: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_no" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"min_quantity" numeric(15, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "items_type_check" CHECK ("items"."type" in ('RAW_MATERIAL', 'FINISHED', 'PLM', 'GPM', 'INGREDIENTS', 'TEA', 'OTHER', 'ASSETS')),
	CONSTRAINT "items_unit_check" CHECK ("items"."unit" in ('pieces', 'kilogram', 'box', 'meter', 'liter', 'roll')),
	CONSTRAINT "items_unit_price_check" CHECK ("items"."unit_price" >= 0),
	CONSTRAINT "items_min_quantity_check" CHECK ("items"."min_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"item_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_item_id_location_id_pk" PRIMARY KEY("item_id","location_id"),
	CONSTRAINT "stock_balances_positive_check" CHECK ("stock_balances"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit" text NOT NULL,
	"from_location_id" integer,
	"to_location_id" integer,
	"adjustment" text,
	"reason" text DEFAULT '' NOT NULL,
	"managed_by" integer,
	"managed_by_name" text,
	"supplier" text,
	"invoice" text,
	"unit_price" numeric(14, 2),
	"purchase_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" > 0),
	CONSTRAINT "stock_movements_shape_check" CHECK (case "stock_movements"."type"
        when 'received' then "stock_movements"."to_location_id" is not null and "stock_movements"."from_location_id" is null and "stock_movements"."adjustment" is null
        when 'dispatched' then "stock_movements"."from_location_id" is not null and "stock_movements"."to_location_id" is null and "stock_movements"."adjustment" is null
        when 'moved' then "stock_movements"."from_location_id" is not null and "stock_movements"."to_location_id" is not null
          and "stock_movements"."from_location_id" <> "stock_movements"."to_location_id" and "stock_movements"."adjustment" is null
        when 'adjusted' then ("stock_movements"."adjustment" = 'increase' and "stock_movements"."to_location_id" is not null and "stock_movements"."from_location_id" is null)
          or ("stock_movements"."adjustment" = 'decrease' and "stock_movements"."from_location_id" is not null and "stock_movements"."to_location_id" is null)
        else false end)
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_managed_by_users_id_fk" FOREIGN KEY ("managed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "items_item_no_live_unique" ON "items" USING btree (lower(btrim("item_no"))) WHERE "items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin (lower("item_no" || ' ' || "name" || ' ' || "description") gin_trgm_ops) WHERE "items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "items_type_idx" ON "items" USING btree ("type") WHERE "items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "stock_balances_location_idx" ON "stock_balances" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "stock_movements_item_time_idx" ON "stock_movements" USING btree ("item_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_time_idx" ON "stock_movements" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "stock_movements_from_idx" ON "stock_movements" USING btree ("from_location_id");--> statement-breakpoint
CREATE INDEX "stock_movements_to_idx" ON "stock_movements" USING btree ("to_location_id");