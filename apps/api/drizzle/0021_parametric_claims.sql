CREATE SEQUENCE "public"."claim_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "banking_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"status" text NOT NULL,
	"state_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"provider_consent_id" text,
	"bank_name" text,
	"accounts" jsonb,
	"granted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_attachments" (
	"alert_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_attachments_alert_id_document_id_pk" PRIMARY KEY("alert_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"agent_id" uuid,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_feed_cursors" (
	"feed" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_bank_consents" (
	"journey_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"consent_ref" text NOT NULL,
	"customer_ref" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"state" text NOT NULL,
	"form_token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_name" text,
	"accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"exchanged_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sim_bank_consents_consent_id_unique" UNIQUE("consent_id"),
	CONSTRAINT "sim_bank_consents_consent_ref_unique" UNIQUE("consent_ref")
);
--> statement-breakpoint
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
ALTER TABLE "insured_items" ADD COLUMN "profit_margin" double precision;--> statement-breakpoint
ALTER TABLE "item_alerts" ADD COLUMN "trigger_event_id" text;--> statement-breakpoint
ALTER TABLE "item_alerts" ADD COLUMN "trigger" jsonb;--> statement-breakpoint
ALTER TABLE "banking_consents" ADD CONSTRAINT "banking_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banking_consents" ADD CONSTRAINT "banking_consents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_alert_id_item_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."item_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_alert_id_item_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."item_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banking_consents_user_idx" ON "banking_consents" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "claim_events_alert_idx" ON "claim_events" USING btree ("alert_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_trigger_events_released_seq" ON "sim_trigger_events" USING btree ("released_seq");--> statement-breakpoint
CREATE INDEX "sim_trigger_events_business" ON "sim_trigger_events" USING btree ("business_ref","at");--> statement-breakpoint
CREATE INDEX "sim_trigger_events_pending" ON "sim_trigger_events" USING btree ("at") WHERE released_seq is null;--> statement-breakpoint
CREATE UNIQUE INDEX "item_alerts_trigger_idx" ON "item_alerts" USING btree ("item_id","trigger_event_id");--> statement-breakpoint
-- Claim figures were kept in major units; from here money is integer minor units (every
-- payout currency, CAD, GBP, EUR and USD, has two decimals).
UPDATE "item_alerts" SET "data" = "data"
  || jsonb_build_object('applicableLimit', round(("data"->>'applicableLimit')::numeric * 100))
  || CASE WHEN "data"->>'retention' IS NULL THEN '{}'::jsonb
     ELSE jsonb_build_object('retention', round(("data"->>'retention')::numeric * 100)) END;
