ALTER TABLE "locations" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;