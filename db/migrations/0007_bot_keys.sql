CREATE TABLE "bot_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "bot_keys_name_check" CHECK (length("bot_keys"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "bot_keys" ADD CONSTRAINT "bot_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_keys_key_hash_key" ON "bot_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "bot_keys_created_at_idx" ON "bot_keys" USING btree ("created_at");