-- Custom SQL migration file, put your code below! --
-- Every API process keeps resolved sessions in memory (apps/api/src/modules/auth/session-cache.ts).
-- Any change to a session or user row, whichever code or person makes it, tells every process on
-- the channel colophon_auth_changes ('s:<session id>' or 'u:<user id>'), delivered at commit; each
-- process then drops what it remembered of that session or user.
CREATE FUNCTION "colophon_notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('colophon_auth_changes', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('colophon_auth_changes', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_auth_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "colophon_notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "users_notify_auth_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "colophon_notify_auth_change"();
