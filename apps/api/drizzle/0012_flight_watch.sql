CREATE TABLE "flight_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flight_id" uuid NOT NULL,
	"state" text NOT NULL,
	"delay_minutes" integer NOT NULL,
	"departure_local" text NOT NULL,
	"diverted_to" text,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flight_alerts" ADD COLUMN "source" text NOT NULL;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "departure_utc" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "status_key_utc" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "user_provided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "provider_state" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "delay_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_status_changes" ADD CONSTRAINT "flight_status_changes_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flight_status_changes_flight_idx" ON "flight_status_changes" USING btree ("flight_id","recorded_at");--> statement-breakpoint
CREATE INDEX "flights_next_check_idx" ON "flights" USING btree ("next_check_at") WHERE "flights"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "flights_status_key_idx" ON "flights" USING btree ("flight_number","status_key_utc");--> statement-breakpoint
ALTER TABLE "flight_alerts" ADD CONSTRAINT "flight_alerts_change_key" UNIQUE NULLS NOT DISTINCT("flight_id","alert_type","delay_date");