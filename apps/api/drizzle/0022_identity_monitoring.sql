-- Before this migration no route created monitored items or alerts: the only rows are the demo
-- seed's, kept without the encrypted value and keyed hash matching needs. They go; the seed
-- makes them again in the new form.
DELETE FROM "monitoring_alert_actions";--> statement-breakpoint
DELETE FROM "monitoring_alerts";--> statement-breakpoint
DELETE FROM "monitored_items";--> statement-breakpoint
UPDATE "monitoring_subscribers" SET "initial_scan_status" = 'queued' WHERE "initial_scan_status" = 'pending';--> statement-breakpoint
CREATE TABLE "monitoring_breaches" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"domain" text NOT NULL,
	"breach_date" date,
	"added_date" timestamp with time zone NOT NULL,
	"data_classes" jsonb NOT NULL,
	"description" text NOT NULL,
	"is_verified" boolean NOT NULL,
	"is_fabricated" boolean NOT NULL,
	"is_spam_list" boolean NOT NULL,
	"is_sensitive" boolean NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_card_replacements" (
	"alert_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_feed_cursors" (
	"feed" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_breach_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sim_breach_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"breach_id" integer NOT NULL,
	"data_type" text NOT NULL,
	"value" text NOT NULL,
	"fingerprint" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_breach_breaches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sim_breach_breaches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"title" text NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"breach_date" date,
	"added_date" timestamp with time zone NOT NULL,
	"modified" timestamp with time zone NOT NULL,
	"pwn_count" bigint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"data_classes" jsonb NOT NULL,
	"is_verified" boolean NOT NULL,
	"is_fabricated" boolean NOT NULL,
	"is_sensitive" boolean NOT NULL,
	"is_spam_list" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_seq" bigint
);
--> statement-breakpoint
CREATE TABLE "card_vault_cards" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"frame_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"last4" text NOT NULL,
	"brand" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_vault_frames" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"origin" text NOT NULL,
	"css" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "card_vault_frames_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "monitored_items" DROP CONSTRAINT "monitored_items_value_kept";--> statement-breakpoint
DROP INDEX "monitoring_alerts_item_idx";--> statement-breakpoint
DROP INDEX "monitoring_alerts_user_idx";--> statement-breakpoint
ALTER TABLE "monitored_items" ALTER COLUMN "value_fingerprint" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ALTER COLUMN "initial_scan_status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "monitored_items" ADD COLUMN "value_encrypted" text;--> statement-breakpoint
ALTER TABLE "monitored_items" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "monitoring_alert_actions" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_alert_actions" ADD COLUMN "partner_action" text;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD COLUMN "breach_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD COLUMN "severity_level" text NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD COLUMN "severity_score" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD COLUMN "severity_reasons" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD COLUMN "dismissal" jsonb;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ADD COLUMN "scan_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ADD COLUMN "scan_items_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ADD COLUMN "scan_items_scanned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ADD COLUMN "scan_breaches_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ADD COLUMN "scan_alerts_found" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_card_replacements" ADD CONSTRAINT "monitoring_card_replacements_alert_id_monitoring_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."monitoring_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_card_replacements" ADD CONSTRAINT "monitoring_card_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_card_replacements" ADD CONSTRAINT "monitoring_card_replacements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_breach_records" ADD CONSTRAINT "sim_breach_records_breach_id_sim_breach_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."sim_breach_breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_vault_cards" ADD CONSTRAINT "card_vault_cards_frame_id_card_vault_frames_id_fk" FOREIGN KEY ("frame_id") REFERENCES "public"."card_vault_frames"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_breach_records_fingerprint" ON "sim_breach_records" USING btree ("fingerprint","breach_id");--> statement-breakpoint
CREATE INDEX "sim_breach_records_breach" ON "sim_breach_records" USING btree ("breach_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_breach_breaches_name" ON "sim_breach_breaches" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_breach_breaches_released_seq" ON "sim_breach_breaches" USING btree ("released_seq");--> statement-breakpoint
CREATE INDEX "card_vault_cards_expires" ON "card_vault_cards" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "card_vault_cards_frame" ON "card_vault_cards" USING btree ("frame_id");--> statement-breakpoint
CREATE INDEX "card_vault_frames_expires" ON "card_vault_frames" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_breach_name_monitoring_breaches_name_fk" FOREIGN KEY ("breach_name") REFERENCES "public"."monitoring_breaches"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitored_items_fingerprint_idx" ON "monitored_items" USING btree ("value_fingerprint") WHERE "monitored_items"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_alerts_item_breach_idx" ON "monitoring_alerts" USING btree ("item_id","breach_name");--> statement-breakpoint
CREATE INDEX "monitoring_alerts_user_idx" ON "monitoring_alerts" USING btree ("user_id","severity_score");