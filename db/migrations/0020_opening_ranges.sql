ALTER TABLE "working_hours" DROP CONSTRAINT "working_hours_restaurant_id_day_pk";--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "date" date;--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "service" text;--> statement-breakpoint
CREATE INDEX "working_hours_restaurant_idx" ON "working_hours" USING btree ("restaurant_id","day");--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_service_check" CHECK ("working_hours"."service" is null or "working_hours"."service" in ('pickup', 'delivery'));--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_date_day_check" CHECK ("working_hours"."date" is null or extract(dow from "working_hours"."date") = "working_hours"."day");