ALTER TABLE "orders" ADD COLUMN "mixed_brands" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "mixed_brands" = true WHERE EXISTS (SELECT 1 FROM "order_items" WHERE "order_items"."order_id" = "orders"."id" AND "order_items"."restaurant_id" <> "orders"."restaurant_id");
