CREATE TABLE "sim_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sim_clock_one_row" CHECK ("sim_clock"."id" = 1)
);
