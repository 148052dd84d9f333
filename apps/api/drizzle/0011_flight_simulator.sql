CREATE TABLE "sim_flight_disruptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flight_number" text NOT NULL,
	"departure_utc" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer,
	"diverted_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sim_flight_disruptions_flight" ON "sim_flight_disruptions" USING btree ("flight_number","departure_utc");