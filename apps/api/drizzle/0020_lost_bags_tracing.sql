CREATE TABLE "bag_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bag_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"station" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bag_events_status_key" UNIQUE("bag_id","status")
);
--> statement-breakpoint
CREATE TABLE "sim_bag_files" (
	"pir" text PRIMARY KEY NOT NULL,
	"tag_number" text NOT NULL,
	"colour" text NOT NULL,
	"type" text NOT NULL,
	"station" text NOT NULL,
	"airline" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_bag_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pir" text NOT NULL,
	"state" text NOT NULL,
	"station" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lost_bags" ALTER COLUMN "status" SET DEFAULT 'REPORTED';--> statement-breakpoint
ALTER TABLE "lost_bag_attachments" ADD COLUMN "document_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD COLUMN "trip_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD COLUMN "flight_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD COLUMN "tag_number" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD COLUMN "colour" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD COLUMN "type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD COLUMN "airtag_url" text;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD COLUMN "airtag_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bag_events" ADD CONSTRAINT "bag_events_bag_id_lost_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."lost_bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_bag_moves" ADD CONSTRAINT "sim_bag_moves_pir_sim_bag_files_pir_fk" FOREIGN KEY ("pir") REFERENCES "public"."sim_bag_files"("pir") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_bag_moves_pir" ON "sim_bag_moves" USING btree ("pir","at");--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lost_bag_attachments_one_image_idx" ON "lost_bag_attachments" USING btree ("bag_id") WHERE "lost_bag_attachments"."kind" = 'IMAGE';--> statement-breakpoint
CREATE INDEX "lost_bags_status_idx" ON "lost_bags" USING btree ("status");--> statement-breakpoint
ALTER TABLE "lost_bag_attachments" DROP COLUMN "content_type";--> statement-breakpoint
ALTER TABLE "lost_bag_attachments" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_flight_tag_key" UNIQUE("flight_id","tag_number");