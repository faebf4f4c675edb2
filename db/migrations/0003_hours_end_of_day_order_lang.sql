ALTER TABLE "working_hours" DROP CONSTRAINT "working_hours_to_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lang" text;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_to_check" CHECK ("working_hours"."to" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lang_check" CHECK ("orders"."lang" in ('pl', 'en', 'ua'));--> statement-breakpoint
-- Hours stored as 00:00–23:59 meant around the clock: '24:00' was refused until now.
UPDATE "working_hours" SET "to" = '24:00' WHERE "from" = '00:00' AND "to" = '23:59';--> statement-breakpoint
-- Concept logos pointed into the brand sites' build folder, which no host serves at that path; the build now
-- writes each concept's logo to /logos/<slug>.svg on the shop host.
UPDATE "concepts" SET "logo" = '/logos/' || "slug" || '.svg' WHERE "logo" = '/brands/' || "slug" || '/logo.svg';
