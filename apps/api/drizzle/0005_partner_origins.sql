ALTER TABLE "partners" ADD COLUMN "origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A portal served on a hostname was reached over HTTPS (plain HTTP on *.localhost, the demo's).
UPDATE "partners" SET "origins" = ARRAY(
  SELECT CASE WHEN d LIKE '%.localhost' OR d = 'localhost' THEN 'http://' ELSE 'https://' END || d
  FROM unnest("domains") AS d
);
