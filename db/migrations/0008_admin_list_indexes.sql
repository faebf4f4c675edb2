DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_restaurant_idx";--> statement-breakpoint
CREATE INDEX "baskets_created_idx" ON "baskets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_display_id_idx" ON "orders" USING btree ("display_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_restaurant_idx" ON "orders" USING btree ("restaurant_id","created_at","id");