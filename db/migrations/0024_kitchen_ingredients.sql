CREATE TABLE "kitchen_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"allergens" text[],
	"may_contain" text[],
	"out_of_stock" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kitchen_ingredients_names_check" CHECK (jsonb_typeof("kitchen_ingredients"."names") = 'object' and "kitchen_ingredients"."names" ? 'pl'),
	CONSTRAINT "kitchen_ingredients_allergens_check" CHECK ("kitchen_ingredients"."allergens" <@ array['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']::text[]),
	CONSTRAINT "kitchen_ingredients_may_contain_check" CHECK ("kitchen_ingredients"."may_contain" <@ array['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']::text[]),
	CONSTRAINT "kitchen_ingredients_allergens_given_check" CHECK (("kitchen_ingredients"."allergens" is null) = ("kitchen_ingredients"."may_contain" is null))
);
--> statement-breakpoint
CREATE TABLE "menu_item_ingredients" (
	"menu_item_id" integer NOT NULL,
	"ingredient_id" integer NOT NULL,
	CONSTRAINT "menu_item_ingredients_menu_item_id_ingredient_id_pk" PRIMARY KEY("menu_item_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "modifier_option_ingredients" (
	"option_id" integer NOT NULL,
	"ingredient_id" integer NOT NULL,
	CONSTRAINT "modifier_option_ingredients_option_id_ingredient_id_pk" PRIMARY KEY("option_id","ingredient_id")
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "ingredients_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "modifier_options" ADD COLUMN "ingredients_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchen_ingredients" ADD CONSTRAINT "kitchen_ingredients_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_ingredients" ADD CONSTRAINT "menu_item_ingredients_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_ingredients" ADD CONSTRAINT "menu_item_ingredients_ingredient_id_kitchen_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."kitchen_ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_option_ingredients" ADD CONSTRAINT "modifier_option_ingredients_option_id_modifier_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."modifier_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_option_ingredients" ADD CONSTRAINT "modifier_option_ingredients_ingredient_id_kitchen_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."kitchen_ingredients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_ingredients_location_idx" ON "kitchen_ingredients" USING btree ("location_id","position");--> statement-breakpoint
CREATE INDEX "menu_item_ingredients_ingredient_idx" ON "menu_item_ingredients" USING btree ("ingredient_id");--> statement-breakpoint
CREATE INDEX "modifier_option_ingredients_ingredient_idx" ON "modifier_option_ingredients" USING btree ("ingredient_id");