ALTER TABLE "baskets" ADD COLUMN "built_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_built_by_user_id_users_id_fk" FOREIGN KEY ("built_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree (right(regexp_replace("phone", '[^0-9]', '', 'g'), 9));--> statement-breakpoint
CREATE INDEX "baskets_built_by_idx" ON "baskets" USING btree ("built_by_user_id");--> statement-breakpoint
CREATE INDEX "orders_customer_phone_idx" ON "orders" USING btree (right(regexp_replace("customer"->>'phone', '[^0-9]', '', 'g'), 9));--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_owner_check" CHECK ("baskets"."built_by_user_id" is null or "baskets"."user_id" is null);