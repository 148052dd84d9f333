CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"agent_id" uuid,
	"kind" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"status_code" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_comms" (
	"user_id" uuid NOT NULL,
	"comms_id" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean NOT NULL,
	"preferred" boolean NOT NULL,
	CONSTRAINT "user_comms_user_id_comms_id_pk" PRIMARY KEY("user_id","comms_id")
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otc_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_hash" text NOT NULL,
	"partner_id" text NOT NULL,
	"user_id" uuid,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE TABLE "used_tokens" (
	"partner_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_tokens_partner_id_jti_pk" PRIMARY KEY("partner_id","jti")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" text NOT NULL,
	"external_policy_number" text NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"policy_start" date NOT NULL,
	"policy_end" date,
	"max_insured" integer DEFAULT 1 NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flight_id" uuid NOT NULL,
	"alert_type" text NOT NULL,
	"delay_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"flight_number" text NOT NULL,
	"embark_date" date NOT NULL,
	"embark_time" text NOT NULL,
	"origin" text NOT NULL,
	"origin_airport" text,
	"destination" text,
	"destination_airport" text,
	"arrival_date" date,
	"arrival_time" text,
	"terminal" text,
	"direction" text DEFAULT 'outbound' NOT NULL,
	"flight_type" text DEFAULT 'main' NOT NULL,
	"total_passengers" integer,
	"cancelled" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"departed" boolean DEFAULT false NOT NULL,
	"alerted" boolean DEFAULT false NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"is_monitored" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"mobile_phone_number" text,
	"account_holder" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_passengers" (
	"trip_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	CONSTRAINT "trip_passengers_trip_id_passenger_id_pk" PRIMARY KEY("trip_id","passenger_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"type" text NOT NULL,
	"booking_ref" text,
	"policy_number" text,
	"delegated_passenger_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"description" text NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"service" text NOT NULL,
	"provider" text NOT NULL,
	"vendor" text NOT NULL,
	"type" text NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"account_masked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"account_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insured_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"item_type_id" text NOT NULL,
	"external_policy_number" text,
	"proposition_id" text,
	"tag" text,
	"properties" jsonb NOT NULL,
	"trip_id" uuid,
	"delegated_passenger_id" uuid,
	"payout_currency" text NOT NULL,
	"disruption_options" jsonb DEFAULT '{"yesAllowed":true,"noAllowed":true,"callMeAllowed":false}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"claim_number" text NOT NULL,
	"alert_date" timestamp with time zone NOT NULL,
	"alert_type" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"assignee_details" jsonb,
	"broker_assignee" text,
	"claim_assignee" text,
	"data" jsonb NOT NULL,
	"datasets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payouts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_permissions" (
	"item_id" uuid NOT NULL,
	"permission" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"granted" boolean DEFAULT false NOT NULL,
	"granted_at" timestamp with time zone,
	CONSTRAINT "item_permissions_item_id_permission_pk" PRIMARY KEY("item_id","permission")
);
--> statement-breakpoint
CREATE TABLE "monitored_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"data_type" text NOT NULL,
	"friendly_name" text NOT NULL,
	"display_value" text NOT NULL,
	"value_fingerprint" text,
	"token" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitored_items_value_kept" CHECK ("monitored_items"."value_fingerprint" is not null or "monitored_items"."token" is not null)
);
--> statement-breakpoint
CREATE TABLE "monitoring_alert_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"action_item" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitoring_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"source" text NOT NULL,
	"breach_date" date,
	"detected_on" timestamp with time zone NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitoring_subscribers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"initial_scan_status" text DEFAULT 'pending' NOT NULL,
	"initial_scan_completed_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lost_bag_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bag_id" uuid NOT NULL,
	"kind" text DEFAULT 'FILE' NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lost_bags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" text NOT NULL,
	"status" text DEFAULT 'BAG_REPORTED_LOST' NOT NULL,
	"pir" text NOT NULL,
	"reported_on" timestamp with time zone NOT NULL,
	"reported_on_local" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_secrets" ADD COLUMN "secret_ciphertext" text NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "comms_sms" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_comms" ADD CONSTRAINT "user_comms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_sessions" ADD CONSTRAINT "otc_sessions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_sessions" ADD CONSTRAINT "otc_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "used_tokens" ADD CONSTRAINT "used_tokens_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_alerts" ADD CONSTRAINT "flight_alerts_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_passengers" ADD CONSTRAINT "trip_passengers_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_passengers" ADD CONSTRAINT "trip_passengers_passenger_id_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."passengers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_delegated_passenger_id_passengers_id_fk" FOREIGN KEY ("delegated_passenger_id") REFERENCES "public"."passengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_items" ADD CONSTRAINT "insured_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_items" ADD CONSTRAINT "insured_items_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_items" ADD CONSTRAINT "insured_items_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_items" ADD CONSTRAINT "insured_items_delegated_passenger_id_passengers_id_fk" FOREIGN KEY ("delegated_passenger_id") REFERENCES "public"."passengers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_alerts" ADD CONSTRAINT "item_alerts_item_id_insured_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."insured_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_permissions" ADD CONSTRAINT "item_permissions_item_id_insured_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."insured_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_items" ADD CONSTRAINT "monitored_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_items" ADD CONSTRAINT "monitored_items_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alert_actions" ADD CONSTRAINT "monitoring_alert_actions_alert_id_monitoring_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."monitoring_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_item_id_monitored_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."monitored_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_alerts" ADD CONSTRAINT "monitoring_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ADD CONSTRAINT "monitoring_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_subscribers" ADD CONSTRAINT "monitoring_subscribers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_bag_attachments" ADD CONSTRAINT "lost_bag_attachments_bag_id_lost_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."lost_bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_bags" ADD CONSTRAINT "lost_bags_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_partner_created_idx" ON "audit_log" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_agent_idx" ON "audit_log" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mfa_challenges_token_hash_idx" ON "mfa_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "otc_sessions_session_hash_idx" ON "otc_sessions" USING btree ("session_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_idx" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_partner_number_idx" ON "policies" USING btree ("partner_id",upper("external_policy_number"));--> statement-breakpoint
CREATE INDEX "policies_user_idx" ON "policies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_messages_partner_seq_idx" ON "outbox_messages" USING btree ("partner_id","seq");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_seq_idx" ON "outbox_messages" USING btree ("recipient","seq");--> statement-breakpoint
CREATE INDEX "flight_alerts_flight_idx" ON "flight_alerts" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "flights_trip_idx" ON "flights" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "flights_number_date_idx" ON "flights" USING btree ("flight_number","embark_date");--> statement-breakpoint
CREATE INDEX "passengers_user_idx" ON "passengers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "passengers_account_holder_idx" ON "passengers" USING btree ("user_id") WHERE "passengers"."account_holder" and "passengers"."active";--> statement-breakpoint
CREATE INDEX "trips_user_idx" ON "trips" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payout_methods_user_idx" ON "payout_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_preferred_idx" ON "payout_methods" USING btree ("user_id") WHERE "payout_methods"."preferred";--> statement-breakpoint
CREATE INDEX "insured_items_user_idx" ON "insured_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_alerts_claim_number_idx" ON "item_alerts" USING btree ("claim_number");--> statement-breakpoint
CREATE INDEX "item_alerts_item_idx" ON "item_alerts" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "monitored_items_user_idx" ON "monitored_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_items_user_value_idx" ON "monitored_items" USING btree ("user_id","data_type","value_fingerprint") WHERE "monitored_items"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "monitoring_alert_actions_item_idx" ON "monitoring_alert_actions" USING btree ("alert_id","action_item");--> statement-breakpoint
CREATE INDEX "monitoring_alerts_user_idx" ON "monitoring_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "monitoring_alerts_item_idx" ON "monitoring_alerts" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "lost_bag_attachments_bag_idx" ON "lost_bag_attachments" USING btree ("bag_id");--> statement-breakpoint
CREATE INDEX "lost_bags_user_idx" ON "lost_bags" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_partner_external_idx" ON "users" USING btree ("partner_id","external_id");