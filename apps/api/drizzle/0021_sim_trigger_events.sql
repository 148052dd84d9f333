CREATE TABLE "sim_trigger_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_ref" text NOT NULL,
	"type" text NOT NULL,
	"measured_value" integer NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_seq" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sim_trigger_events_released_seq" ON "sim_trigger_events" USING btree ("released_seq");--> statement-breakpoint
CREATE INDEX "sim_trigger_events_business" ON "sim_trigger_events" USING btree ("business_ref","at");--> statement-breakpoint
CREATE INDEX "sim_trigger_events_pending" ON "sim_trigger_events" USING btree ("at") WHERE released_seq is null;