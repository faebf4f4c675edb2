CREATE TABLE "consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"email" text,
	"consent" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_events_subject_check" CHECK ("consent_events"."user_id" is not null or "consent_events"."email" is not null),
	CONSTRAINT "consent_events_consent_check" CHECK ("consent_events"."consent" in ('shopPolicies', 'restaurantPolicies', 'marketingSms', 'marketingEmail')),
	CONSTRAINT "consent_events_source_check" CHECK ("consent_events"."source" in ('registration', 'profile', 'unsubscribe', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "consent_events_email_idx" ON "consent_events" USING btree ("email");--> statement-breakpoint
CREATE INDEX "orders_customer_email_idx" ON "orders" USING btree (lower("customer"->>'email'));