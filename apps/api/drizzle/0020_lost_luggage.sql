CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"use" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"state" text DEFAULT 'scanning' NOT NULL,
	"signature" text,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "sim_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sim_clock_one_row" CHECK ("sim_clock"."id" = 1)
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
ALTER TABLE "resolutions" ADD COLUMN "bag_id" uuid;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "stage" integer;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "stage_hours" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bag_events" ADD CONSTRAINT "bag_events_bag_id_lost_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."lost_bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_bag_moves" ADD CONSTRAINT "sim_bag_moves_pir_sim_bag_files_pir_fk" FOREIGN KEY ("pir") REFERENCES "public"."sim_bag_files"("pir") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_user_idx" ON "documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "documents_orphan_idx" ON "documents" USING btree ("created_at") WHERE attached_at is null;--> statement-breakpoint
CREATE INDEX "sim_bag_moves_pir" ON "sim_bag_moves" USING btree ("pir","at");--> statement-breakpoint
ALTER TABLE "lost_bag_attachments" ADD CONSTRAINT "lost_bag_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_bag_id_lost_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."lost_bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lost_bag_attachments_one_image_idx" ON "lost_bag_attachments" USING btree ("bag_id") WHERE "lost_bag_attachments"."kind" = 'IMAGE';--> statement-breakpoint
CREATE INDEX "lost_bags_status_idx" ON "lost_bags" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "resolutions_bag_stage_idx" ON "resolutions" USING btree ("bag_id","stage");--> statement-breakpoint
ALTER TABLE "lost_bag_attachments" DROP COLUMN "content_type";--> statement-breakpoint
ALTER TABLE "lost_bag_attachments" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_flight_tag_key" UNIQUE("flight_id","tag_number");--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_bag_stage" CHECK ("resolutions"."bag_id" is null or "resolutions"."stage" is not null);