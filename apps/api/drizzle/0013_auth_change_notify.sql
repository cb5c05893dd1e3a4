-- Every server process keeps signed-in users' sessions in memory for a few seconds (decision 017).
-- Any change to a user or a session tells every process which user to forget, whoever made it:
-- a route, a webhook, an admin, a script or a person with psql.
CREATE OR REPLACE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change('id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change('user_id');
