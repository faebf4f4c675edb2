CREATE TABLE "discount_redemptions" (
	"discount_code_id" integer NOT NULL,
	"customer" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_customer_key" PRIMARY KEY("discount_code_id","customer")
);
--> statement-breakpoint
ALTER TABLE "working_hours" DROP CONSTRAINT "working_hours_restaurant_id_day_pk";--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "date" date;--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "service" text;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "valid_from" timestamp;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "valid_to" timestamp;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "min_basket_value" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "concept_ids" integer[];--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "restaurant_ids" integer[];--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "category_ids" integer[];--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "batch" uuid;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_order_idx" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "working_hours_restaurant_idx" ON "working_hours" USING btree ("restaurant_id","day");--> statement-breakpoint
CREATE INDEX "discount_codes_batch_idx" ON "discount_codes" USING btree ("batch");--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_service_check" CHECK ("working_hours"."service" is null or "working_hours"."service" in ('pickup', 'delivery'));--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_date_day_check" CHECK ("working_hours"."date" is null or extract(dow from "working_hours"."date") = "working_hours"."day");--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_window_check" CHECK ("discount_codes"."valid_from" is null or "discount_codes"."valid_to" is null or "discount_codes"."valid_from" < "discount_codes"."valid_to");--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_min_basket_check" CHECK ("discount_codes"."min_basket_value" is null or "discount_codes"."min_basket_value" >= 0);