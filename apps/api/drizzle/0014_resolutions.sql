CREATE TABLE "lounge_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resolution_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"display_code" text NOT NULL,
	"display_code_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resolution_alerts" (
	"alert_id" uuid PRIMARY KEY NOT NULL,
	"options" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resolution_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resolution_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"agent_id" uuid,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"category" text DEFAULT 'flights' NOT NULL,
	"trip_id" uuid,
	"flight_id" uuid,
	"alert_id" uuid,
	"cap_key" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"dependency" text,
	"amount" bigint,
	"points" integer,
	"currency" text,
	"manual" boolean DEFAULT false NOT NULL,
	"chosen_type" text,
	"paid_amount" bigint,
	"capped" boolean DEFAULT false NOT NULL,
	"lounge_id" text,
	"payout_method_id" uuid,
	"payment_id" uuid,
	"first_name" text,
	"surname" text,
	"rejected" boolean DEFAULT false NOT NULL,
	"call_me" boolean DEFAULT false NOT NULL,
	"flight_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alternate_id" text,
	"offers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resolutions_amount_positive" CHECK ("resolutions"."amount" is null or "resolutions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "lounge_passes" ADD CONSTRAINT "lounge_passes_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_alerts" ADD CONSTRAINT "resolution_alerts_alert_id_flight_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."flight_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolution_events" ADD CONSTRAINT "resolution_events_resolution_id_resolutions_id_fk" FOREIGN KEY ("resolution_id") REFERENCES "public"."resolutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_alert_id_flight_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."flight_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lounge_passes_resolution_idx" ON "lounge_passes" USING btree ("resolution_id");--> statement-breakpoint
CREATE INDEX "resolution_events_resolution_idx" ON "resolution_events" USING btree ("resolution_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "resolutions_flight_type_idx" ON "resolutions" USING btree ("flight_id","type");--> statement-breakpoint
CREATE INDEX "resolutions_user_idx" ON "resolutions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resolutions_cap_idx" ON "resolutions" USING btree ("partner_id","cap_key");