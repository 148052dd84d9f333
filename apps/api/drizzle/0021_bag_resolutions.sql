ALTER TABLE "resolutions" ADD COLUMN "bag_id" uuid;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "stage" integer;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "stage_hours" integer;--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_bag_id_lost_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."lost_bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resolutions_bag_stage_idx" ON "resolutions" USING btree ("bag_id","stage");--> statement-breakpoint
ALTER TABLE "resolutions" ADD CONSTRAINT "resolutions_bag_stage" CHECK ("resolutions"."bag_id" is null or "resolutions"."stage" is not null);