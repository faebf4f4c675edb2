CREATE TABLE "user_kitchens" (
	"user_id" uuid NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "user_kitchens_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "escalation_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "alarm_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_kitchens" ADD CONSTRAINT "user_kitchens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_kitchens" ADD CONSTRAINT "user_kitchens_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_kitchens_location_idx" ON "user_kitchens" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_escalation_minutes_check" CHECK ("restaurants"."escalation_minutes" > 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'callCenter', 'kitchenStaff', 'kitchenManager', 'admin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rejection_reason_check" CHECK (rejection_reason in ('soldOut', 'tooBusy', 'closed', 'other'));--> statement-breakpoint
-- Orders past 'new' when the alarms arrived were seen by the kitchen that moved them: they must not ring.
UPDATE "orders" SET "alarm_acknowledged_at" = coalesce("accepted_at", "updated_at") WHERE "alarm_acknowledged_at" IS NULL AND "status" <> 'new';
