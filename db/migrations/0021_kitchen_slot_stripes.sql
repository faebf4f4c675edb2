ALTER TABLE "kitchen_slots" ADD COLUMN "stripe" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_slots" DROP CONSTRAINT "kitchen_slots_location_id_slot_pk";--> statement-breakpoint
ALTER TABLE "kitchen_slots" ADD CONSTRAINT "kitchen_slots_location_id_slot_stripe_pk" PRIMARY KEY("location_id","slot","stripe");--> statement-breakpoint
-- Written by hand (decision 053): the counts so far, all on stripe 0, laid out over the 4 stripes as a rebuild lays
-- them out (services/capacity/counters.ts): each stripe's share of the limit filled in turn, the rest on stripe 0.
WITH "old" AS (DELETE FROM "kitchen_slots" RETURNING "location_id", "slot", "orders", "items")
INSERT INTO "kitchen_slots" ("location_id", "slot", "stripe", "orders", "items")
SELECT o."location_id", o."slot", s.stripe,
  CASE WHEN l."slot_orders" IS NULL THEN CASE WHEN s.stripe = 0 THEN o."orders" ELSE 0 END
    ELSE least(l."slot_orders" / 4 + (s.stripe < l."slot_orders" % 4)::int,
        greatest(0, o."orders" - (l."slot_orders" / 4) * s.stripe - least(s.stripe, l."slot_orders" % 4)))
      + CASE WHEN s.stripe = 0 THEN greatest(0, o."orders" - l."slot_orders") ELSE 0 END END,
  CASE WHEN l."slot_items" IS NULL THEN CASE WHEN s.stripe = 0 THEN o."items" ELSE 0 END
    ELSE least(l."slot_items" / 4 + (s.stripe < l."slot_items" % 4)::int,
        greatest(0, o."items" - (l."slot_items" / 4) * s.stripe - least(s.stripe, l."slot_items" % 4)))
      + CASE WHEN s.stripe = 0 THEN greatest(0, o."items" - l."slot_items") ELSE 0 END END
FROM "old" o JOIN "locations" l ON l."id" = o."location_id" CROSS JOIN generate_series(0, 3) AS s(stripe);
