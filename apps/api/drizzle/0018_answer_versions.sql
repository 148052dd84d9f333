-- Versions of what a user's heavy answers read (issue 25 §2, src/db/answer-cache.ts): the trip
-- list and the resolution options are kept in each process and served again while the user's
-- version stands. Triggers, not application code, note every change of the tables those
-- answers read, so no write can forget it; the version moves when the change commits.
CREATE SEQUENCE "answer_version_seq";
--> statement-breakpoint
CREATE TABLE "answer_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The users whose answers the running transaction changed, until it commits. Bumping the
-- version at once would hold the version row's lock from the first change to the commit,
-- and two transactions each changing a row the other then wants would deadlock; noted here
-- (a key of its own transaction: nobody else ever waits on it) and bumped at commit, in
-- user order, a transaction only ever waits on a version row while holding nothing another
-- bump needs. Unlogged: a crash ends the transactions whose rows these are.
CREATE UNLOGGED TABLE "answer_changes" (
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"user_id" uuid NOT NULL,
	PRIMARY KEY ("tx", "user_id")
);
--> statement-breakpoint
CREATE FUNCTION "answer_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The first of the transaction's deferred calls bumps every user it noted; the others find
  -- nothing left. A new number from one sequence: a version is never given twice.
  WITH noted AS (
    DELETE FROM answer_changes WHERE tx = pg_current_xact_id() RETURNING user_id
  )
  INSERT INTO answer_versions (user_id, version)
  SELECT user_id, nextval('answer_version_seq') FROM noted ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "answer_changes_at_commit" AFTER INSERT ON "answer_changes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "answer_versions_bump"();
--> statement-breakpoint
-- Each function notes the users of the rows a statement changed (`changed`, the statement's
-- transition table: its new rows, or its old ones for a delete and again for an update), by
-- the way the table leads to its user.
CREATE FUNCTION "answers_changed_by_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO answer_changes (user_id)
  SELECT DISTINCT user_id FROM changed WHERE user_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "answers_changed_by_trip"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO answer_changes (user_id)
  SELECT DISTINCT t.user_id FROM changed c JOIN trips t ON t.id = c.trip_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "answers_changed_by_flight"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO answer_changes (user_id)
  SELECT DISTINCT t.user_id FROM changed c
    JOIN flights f ON f.id = c.flight_id JOIN trips t ON t.id = f.trip_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The watcher gives every insured flight its next look each minute (`next_check_at`,
-- `updated_at`), which no answer shows: a flight's update notes its user only when another
-- column changed (any other, a new one too). Row by row, behind a WHEN condition that
-- PostgreSQL evaluates itself, so those updates, by far the most frequent writes, call
-- nothing at all.
CREATE FUNCTION "answers_changed_by_flight_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO answer_changes (user_id)
  SELECT user_id FROM trips WHERE id IN (OLD.trip_id, NEW.trip_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "answers_changed_by_resolution"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO answer_changes (user_id)
  SELECT DISTINCT r.user_id FROM changed c JOIN resolutions r ON r.id = c.resolution_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A resolution's own user, and every user with a trip on the same policy: the options answer
-- shows the cap used on the policy, whoever's trip used it.
CREATE FUNCTION "answers_changed_by_cap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO answer_changes (user_id)
  SELECT user_id FROM changed WHERE user_id IS NOT NULL
  UNION
  SELECT t.user_id FROM changed c JOIN trips t ON t.partner_id = c.partner_id
    AND upper(t.policy_number) = substr(c.cap_key, 8)
    WHERE c.cap_key LIKE 'policy:%'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE INDEX "trips_partner_policy_idx" ON "trips" ("partner_id", upper("policy_number"));
--> statement-breakpoint
-- A truncate has no rows to name: every user's answers change.
CREATE FUNCTION "answers_changed_for_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO answer_changes (user_id) SELECT id FROM users ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers of the tables the trip list and the resolution options read.
DO $$
DECLARE
  watched text[][] := ARRAY[
    ['trips', 'answers_changed_by_user', ''],
    ['passengers', 'answers_changed_by_user', ''],
    ['payments', 'answers_changed_by_user', ''],
    ['trip_passengers', 'answers_changed_by_trip', ''],
    ['flights', 'answers_changed_by_trip', 'answers_changed_by_flight_update'],
    ['flight_alerts', 'answers_changed_by_flight', ''],
    ['flight_status_changes', 'answers_changed_by_flight', ''],
    ['resolutions', 'answers_changed_by_cap', ''],
    ['resolution_events', 'answers_changed_by_resolution', ''],
    ['lounge_passes', 'answers_changed_by_resolution', '']
  ];
  t text;
  f text;
  compared text;
BEGIN
  FOR i IN 1 .. array_length(watched, 1) LOOP
    t := watched[i][1];
    f := watched[i][2];
    -- Where given, the function of an update's rows that changed more than the next look.
    compared := watched[i][3];
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_answers_inserted', t, f);
    IF compared <> '' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW
        WHEN (to_jsonb(OLD) - ''{next_check_at,updated_at}''::text[]
          IS DISTINCT FROM to_jsonb(NEW) - ''{next_check_at,updated_at}''::text[])
        EXECUTE FUNCTION %I()', t || '_answers_updated', t, compared);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_answers_updated', t, f);
      -- The rows before an update too: a row moved away from a user changes their answer.
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_answers_updated_from', t, f);
    END IF;
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_answers_deleted', t, f);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION answers_changed_for_all()', t || '_answers_truncated', t);
  END LOOP;
END $$;
