ALTER TABLE "payments" ADD COLUMN "resent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "replaced_at" timestamp with time zone;