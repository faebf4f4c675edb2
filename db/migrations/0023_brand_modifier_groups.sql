CREATE TABLE "brand_modifier_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"concept_id" integer NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"min" integer DEFAULT 0 NOT NULL,
	"max" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "brand_modifier_groups_currency_check" CHECK ("brand_modifier_groups"."currency" in ('PLN', 'UAH', 'EUR')),
	CONSTRAINT "brand_modifier_groups_min_max_check" CHECK ("brand_modifier_groups"."min" >= 0 and "brand_modifier_groups"."max" >= 1 and "brand_modifier_groups"."min" <= "brand_modifier_groups"."max")
);
--> statement-breakpoint
CREATE TABLE "brand_modifier_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_group_id" integer NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"allergens" text[],
	"may_contain" text[],
	CONSTRAINT "brand_modifier_options_price_check" CHECK ("brand_modifier_options"."price" >= 0),
	CONSTRAINT "brand_modifier_options_allergens_check" CHECK ("brand_modifier_options"."allergens" <@ array['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']::text[]),
	CONSTRAINT "brand_modifier_options_may_contain_check" CHECK ("brand_modifier_options"."may_contain" <@ array['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']::text[]),
	CONSTRAINT "brand_modifier_options_allergens_given_check" CHECK (("brand_modifier_options"."allergens" is null) = ("brand_modifier_options"."may_contain" is null))
);
--> statement-breakpoint
ALTER TABLE "modifier_groups" ADD COLUMN "brand_group_id" integer;--> statement-breakpoint
ALTER TABLE "modifier_options" ADD COLUMN "brand_option_id" integer;--> statement-breakpoint
ALTER TABLE "brand_modifier_groups" ADD CONSTRAINT "brand_modifier_groups_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_modifier_options" ADD CONSTRAINT "brand_modifier_options_brand_group_id_brand_modifier_groups_id_fk" FOREIGN KEY ("brand_group_id") REFERENCES "public"."brand_modifier_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_modifier_groups_concept_idx" ON "brand_modifier_groups" USING btree ("concept_id");--> statement-breakpoint
CREATE INDEX "brand_modifier_options_group_idx" ON "brand_modifier_options" USING btree ("brand_group_id");--> statement-breakpoint
ALTER TABLE "modifier_groups" ADD CONSTRAINT "modifier_groups_brand_group_id_brand_modifier_groups_id_fk" FOREIGN KEY ("brand_group_id") REFERENCES "public"."brand_modifier_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_options" ADD CONSTRAINT "modifier_options_brand_option_id_brand_modifier_options_id_fk" FOREIGN KEY ("brand_option_id") REFERENCES "public"."brand_modifier_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "modifier_groups_brand_group_idx" ON "modifier_groups" USING btree ("brand_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "modifier_groups_item_brand_group_key" ON "modifier_groups" USING btree ("menu_item_id","brand_group_id");--> statement-breakpoint
CREATE INDEX "modifier_options_brand_option_idx" ON "modifier_options" USING btree ("brand_option_id");