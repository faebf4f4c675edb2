ALTER TABLE "locations" ADD COLUMN "shared_baskets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "restaurant_id" integer;--> statement-breakpoint
UPDATE "order_items" SET "restaurant_id" = "orders"."restaurant_id" FROM "orders" WHERE "orders"."id" = "order_items"."order_id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "restaurant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;
