ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preparation_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_preparation_minutes_check" CHECK ("orders"."preparation_minutes" between 1 and 240);