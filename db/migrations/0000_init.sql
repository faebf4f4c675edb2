CREATE TABLE "concept_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"concept_id" integer NOT NULL,
	"author" text NOT NULL,
	"city" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT 'pl' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"chef" text,
	"chefs_comment" text,
	"contact_email" text NOT NULL,
	"facebook" text,
	"instagram" text,
	"tiktok" text,
	"gtm" text,
	"favicon" text,
	"logo" text,
	"logo_black" text,
	"cover" text,
	"rr_regulations_url" text,
	"rr_policy_url" text,
	"show_on_company_portfolio" boolean DEFAULT true NOT NULL,
	"default_restaurant_slug" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "concepts_country_check" CHECK (country in ('pl', 'ua', 'pt'))
);
--> statement-breakpoint
CREATE TABLE "country_configs" (
	"country" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"service_fee" integer DEFAULT 0 NOT NULL,
	"call_center_phone" text,
	CONSTRAINT "country_configs_country_check" CHECK (country in ('pl', 'ua', 'pt')),
	CONSTRAINT "country_configs_currency_check" CHECK ("country_configs"."currency" in ('PLN', 'UAH', 'EUR')),
	CONSTRAINT "country_configs_service_fee_check" CHECK ("country_configs"."service_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"no" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"pickup_enabled" boolean DEFAULT true NOT NULL,
	"delivery_enabled" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "locations_country_check" CHECK (country in ('pl', 'ua', 'pt')),
	CONSTRAINT "locations_latitude_check" CHECK ("locations"."latitude" between -90 and 90),
	CONSTRAINT "locations_longitude_check" CHECK ("locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "menu_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"photo" text,
	"reset_prices" boolean DEFAULT false NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_items_price_check" CHECK ("menu_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "modifier_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"min" integer DEFAULT 0 NOT NULL,
	"max" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "modifier_groups_min_max_check" CHECK ("modifier_groups"."min" >= 0 and "modifier_groups"."max" >= 1 and "modifier_groups"."min" <= "modifier_groups"."max")
);
--> statement-breakpoint
CREATE TABLE "modifier_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"unavailable" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "modifier_options_price_check" CHECK ("modifier_options"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"subgroup" text,
	"status" text DEFAULT 'active' NOT NULL,
	"img_url" text,
	"mobile_img_url" text,
	"translate_key" text NOT NULL,
	"mobile" boolean DEFAULT true NOT NULL,
	"available_for" text[] NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"config" jsonb,
	"availability_hours" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_options_group_check" CHECK ("payment_options"."group" in ('online', 'cash', 'card')),
	CONSTRAINT "payment_options_status_check" CHECK ("payment_options"."status" in ('active', 'inactive')),
	CONSTRAINT "payment_options_available_for_check" CHECK ("payment_options"."available_for" <@ array['web', 'cc', 'bot']::text[])
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"concept_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"phone" text,
	"about" text DEFAULT '' NOT NULL,
	"delivery_value" integer DEFAULT 0 NOT NULL,
	"min_basket_value" integer DEFAULT 0 NOT NULL,
	"small_order_threshold" integer DEFAULT 0 NOT NULL,
	"extra_fee" integer DEFAULT 0 NOT NULL,
	"acceptance_minutes" integer DEFAULT 10 NOT NULL,
	"preparation_minutes" integer DEFAULT 30 NOT NULL,
	"delivery_polygon" jsonb,
	"delivery_zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurants_delivery_value_check" CHECK ("restaurants"."delivery_value" >= 0),
	CONSTRAINT "restaurants_min_basket_value_check" CHECK ("restaurants"."min_basket_value" >= 0),
	CONSTRAINT "restaurants_small_order_threshold_check" CHECK ("restaurants"."small_order_threshold" >= 0),
	CONSTRAINT "restaurants_extra_fee_check" CHECK ("restaurants"."extra_fee" >= 0),
	CONSTRAINT "restaurants_acceptance_minutes_check" CHECK ("restaurants"."acceptance_minutes" > 0),
	CONSTRAINT "restaurants_preparation_minutes_check" CHECK ("restaurants"."preparation_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "working_hours" (
	"restaurant_id" integer NOT NULL,
	"day" integer NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	CONSTRAINT "working_hours_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day"),
	CONSTRAINT "working_hours_day_check" CHECK ("working_hours"."day" between 0 and 6),
	CONSTRAINT "working_hours_from_check" CHECK ("working_hours"."from" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "working_hours_to_check" CHECK ("working_hours"."to" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "auth_tokens_purpose_check" CHECK ("auth_tokens"."purpose" in ('activation', 'passwordReset'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"full_address" text NOT NULL,
	"street" text NOT NULL,
	"street_no" text NOT NULL,
	"apt_no" text,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_addresses_country_check" CHECK ("user_addresses"."country" in ('pl', 'ua', 'pt'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"phone" text,
	"role" text DEFAULT 'user' NOT NULL,
	"marketing_sms" boolean DEFAULT false NOT NULL,
	"marketing_email" boolean DEFAULT false NOT NULL,
	"shop_policies" boolean DEFAULT false NOT NULL,
	"restaurant_policies" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'callCenter', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "basket_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" uuid NOT NULL,
	"menu_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"option_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_items_quantity_check" CHECK ("basket_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'collecting' NOT NULL,
	"country" text DEFAULT 'pl' NOT NULL,
	"restaurant_id" integer,
	"user_id" uuid,
	"delivery_method" text DEFAULT 'door2door' NOT NULL,
	"address" jsonb,
	"discount_code_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baskets_status_check" CHECK ("baskets"."status" in ('collecting', 'created')),
	CONSTRAINT "baskets_country_check" CHECK ("baskets"."country" in ('pl', 'ua', 'pt')),
	CONSTRAINT "baskets_delivery_method_check" CHECK (delivery_method in ('door2door', 'outside', 'leave@door', 'pickup'))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"country" text DEFAULT 'pl' NOT NULL,
	"quantity" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_type_check" CHECK (type in ('amount', 'percentage', 'freeDelivery')),
	CONSTRAINT "discount_codes_country_check" CHECK ("discount_codes"."country" in ('pl', 'ua', 'pt')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" >= 0),
	CONSTRAINT "discount_codes_percentage_check" CHECK ("discount_codes"."type" <> 'percentage' or "discount_codes"."value" <= 100),
	CONSTRAINT "discount_codes_quantity_check" CHECK ("discount_codes"."quantity" >= 0),
	CONSTRAINT "discount_codes_used_check" CHECK ("discount_codes"."used" >= 0 and "discount_codes"."used" <= "discount_codes"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_item_mods" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"modifier_option_id" integer,
	"group_name" text NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "order_item_mods_value_check" CHECK ("order_item_mods"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"menu_item_id" integer,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" >= 1),
	CONSTRAINT "order_items_money_check" CHECK ("order_items"."unit_price" >= 0 and "order_items"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_id" uuid NOT NULL,
	"display_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"delivery_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_type" text NOT NULL,
	"restaurant_id" integer NOT NULL,
	"user_id" uuid,
	"created_by_user_id" uuid,
	"discount_code_id" integer,
	"discount" jsonb,
	"currency" text NOT NULL,
	"value" integer NOT NULL,
	"delivery_costs" integer NOT NULL,
	"discount_value" integer NOT NULL,
	"service_fee" integer NOT NULL,
	"extra_fee" integer NOT NULL,
	"total" integer NOT NULL,
	"customer" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"consents" jsonb NOT NULL,
	"access_token_hash" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"accept_deadline" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK (status in ('waiting_for_payment', 'new', 'processing', 'finished', 'rejected', 'canceled', 'waiting_for_courier', 'waiting_for_pickup', 'ready_for_pickup')),
	CONSTRAINT "orders_source_check" CHECK (source in ('web', 'cc', 'bot')),
	CONSTRAINT "orders_delivery_type_check" CHECK (delivery_type in ('door2door', 'outside', 'leave@door', 'pickup')),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" in ('online', 'cash', 'card')),
	CONSTRAINT "orders_currency_check" CHECK ("orders"."currency" in ('PLN', 'UAH', 'EUR')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."value" >= 0 and "orders"."delivery_costs" >= 0 and "orders"."discount_value" >= 0 and "orders"."service_fee" >= 0 and "orders"."extra_fee" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'canceled', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"external_id" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"terms" boolean NOT NULL,
	"concept_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_terms_check" CHECK ("contact_messages"."terms")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"template" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "concept_reviews" ADD CONSTRAINT "concept_reviews_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_groups" ADD CONSTRAINT "modifier_groups_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_options" ADD CONSTRAINT "modifier_options_group_id_modifier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."modifier_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_country_country_configs_country_fk" FOREIGN KEY ("country") REFERENCES "public"."country_configs"("country") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_concept_id_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_mods" ADD CONSTRAINT "order_item_mods_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_mods" ADD CONSTRAINT "order_item_mods_modifier_option_id_modifier_options_id_fk" FOREIGN KEY ("modifier_option_id") REFERENCES "public"."modifier_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concept_reviews_concept_idx" ON "concept_reviews" USING btree ("concept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "concepts_slug_key" ON "concepts" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "concepts_domain_key" ON "concepts" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_slug_key" ON "locations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "locations_city_slug_idx" ON "locations" USING btree ("city_slug");--> statement-breakpoint
CREATE INDEX "menu_categories_restaurant_idx" ON "menu_categories" USING btree ("restaurant_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_category_idx" ON "menu_items" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_restaurant_idx" ON "menu_items" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "modifier_groups_item_idx" ON "modifier_groups" USING btree ("menu_item_id");--> statement-breakpoint
CREATE INDEX "modifier_options_group_idx" ON "modifier_options" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_options_country_name_key" ON "payment_options" USING btree ("country","name");--> statement-breakpoint
CREATE UNIQUE INDEX "restaurants_slug_key" ON "restaurants" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "restaurants_concept_idx" ON "restaurants" USING btree ("concept_id");--> statement-breakpoint
CREATE INDEX "restaurants_location_idx" ON "restaurants" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "basket_items_basket_idx" ON "basket_items" USING btree ("basket_id");--> statement-breakpoint
CREATE INDEX "baskets_user_idx" ON "baskets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "order_item_mods_item_idx" ON "order_item_mods" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_basket_key" ON "orders" USING btree ("basket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_restaurant_idx" ON "orders" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_key" ON "payments" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("status","created_at");