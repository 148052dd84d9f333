-- A live event (ADR 0008) as one function call: the log row and its announcement on
-- `tern_events` (src/live/signals.ts listens). Being an expression, it can ride in the
-- statement of the change it reports (src/live/events.ts `publication`): one commit, and a
-- change that fails announces nothing. The announcement leaves when the transaction commits.
CREATE FUNCTION "live_publish"("p_user_id" uuid, "p_keys" jsonb) RETURNS void LANGUAGE sql AS $$
  WITH e AS (
    INSERT INTO live_events (user_id, keys) VALUES (p_user_id, p_keys)
    RETURNING id, user_id, keys
  )
  SELECT pg_notify('tern_events',
           json_build_object('id', id::text, 'userId', user_id, 'keys', keys)::text)
    FROM e
$$;
