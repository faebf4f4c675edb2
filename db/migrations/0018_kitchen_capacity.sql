CREATE TABLE "kitchen_slots" (
	"location_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"orders" integer NOT NULL,
	"items" integer NOT NULL,
	CONSTRAINT "kitchen_slots_location_id_slot_pk" PRIMARY KEY("location_id","slot")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "slot_orders" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "slot_items" integer;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "pre_orders_while_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "horizon_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "delivery_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "busy" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fire_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kitchen_slots" ADD CONSTRAINT "kitchen_slots_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_void_slot_idx" ON "orders" USING btree ("scheduled_for") WHERE "orders"."status" in ('rejected', 'canceled') and "orders"."scheduled_for" is not null;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_slot_orders_check" CHECK ("locations"."slot_orders" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_slot_items_check" CHECK ("locations"."slot_items" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_horizon_days_check" CHECK ("locations"."horizon_days" between 0 and 14);--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_delivery_minutes_check" CHECK ("locations"."delivery_minutes" between 0 and 240);