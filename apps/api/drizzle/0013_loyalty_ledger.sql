CREATE TABLE "sim_loyalty_ledger" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"member_id" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_loyalty_ledger_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE INDEX "sim_loyalty_ledger_member" ON "sim_loyalty_ledger" USING btree ("member_id");