ALTER TABLE "link_invitations" ALTER COLUMN "mobile_phone_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "link_invitations" ADD COLUMN "roles" text[] DEFAULT '{USER}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_agent_idx" ON "sessions" USING btree ("agent_id");