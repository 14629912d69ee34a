DROP INDEX "photos_branch_portrait_idx";--> statement-breakpoint
CREATE INDEX "messages_studio_kind_status_idx" ON "messages" USING btree ("studio_id","kind","status");--> statement-breakpoint
CREATE INDEX "nicknames_studio_status_idx" ON "nicknames" USING btree ("studio_id","status");--> statement-breakpoint
CREATE INDEX "photos_school_portrait_idx" ON "photos" USING btree ("school_id","is_portrait","student_id");--> statement-breakpoint
CREATE INDEX "photos_studio_portrait_idx" ON "photos" USING btree ("studio_id","is_portrait","student_id");--> statement-breakpoint
CREATE INDEX "photos_branch_portrait_idx" ON "photos" USING btree ("branch_id","is_portrait","student_id");--> statement-breakpoint
-- Every process keeps signed-in callers in memory for a short while; a change that ends or alters
-- a session is announced on commit, so each process forgets it at once ("s:" session, "u:" account).
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('session_changes', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER UPDATE OF "revoked_at", "expires_at", "level", "user_id" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE OF "active", "level", "studio_id", "school_id", "branch_id", "password_hash", "name", "email" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
