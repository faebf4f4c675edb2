CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"polygon" jsonb,
	"zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"delivery_value" integer DEFAULT 0 NOT NULL,
	"min_basket_value" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_zones_delivery_value_check" CHECK ("delivery_zones"."delivery_value" >= 0),
	CONSTRAINT "delivery_zones_min_basket_value_check" CHECK ("delivery_zones"."min_basket_value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_zones_restaurant_idx" ON "delivery_zones" USING btree ("restaurant_id","position");--> statement-breakpoint
-- Written by hand (decision 061): every restaurant's delivery area becomes its one zone, with the restaurant's
-- delivery fee and minimum, before the area's columns go; a restaurant with neither delivered nowhere and gets none.
INSERT INTO "delivery_zones" ("restaurant_id", "polygon", "zips", "delivery_value", "min_basket_value", "position")
  SELECT "id", "delivery_polygon", "delivery_zips", "delivery_value", "min_basket_value", 0 FROM "restaurants"
  WHERE "delivery_polygon" IS NOT NULL OR cardinality("delivery_zips") > 0
  ORDER BY "id";--> statement-breakpoint
-- Written by hand: a zone's change moves its restaurant's menu version (migration 0002), so the restaurant page's
-- cached "delivery from" follows it.
CREATE TRIGGER delivery_zones_menu_version AFTER INSERT OR UPDATE OR DELETE ON delivery_zones
  FOR EACH ROW EXECUTE FUNCTION menu_row_changed();--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "delivery_polygon";--> statement-breakpoint
ALTER TABLE "restaurants" DROP COLUMN "delivery_zips";