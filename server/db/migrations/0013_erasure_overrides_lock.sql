-- What an approved branch's lock lets through. A student's erasure and the retention purge are
-- legal duties: their transaction says so with SET LOCAL yillik.lawful_erasure = 'on' (see
-- server/db/lawfulErasure.ts; nothing else sets it, and it ends with the transaction), and its
-- deletions pass. A student's and a parent's sign-in (their codes, the last sign-in) is not book
-- content, so an update of a student that changes only those passes too.
CREATE FUNCTION yearbook_lock_exempt(op text, tbl text, old_row jsonb, new_row jsonb) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE op
    WHEN 'DELETE' THEN coalesce(current_setting('yillik.lawful_erasure', true), '') = 'on'
    WHEN 'UPDATE' THEN tbl = 'students' AND old_row - sign_in = new_row - sign_in
    ELSE false
  END
  FROM (VALUES (ARRAY['access_code_hash', 'access_code_created_at', 'parent_code_hash', 'parent_code_created_at', 'last_sign_in_at', 'version', 'updated_at'])) AS c(sign_in)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yearbook_refuse_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
BEGIN
  IF NOT yearbook_lock_exempt(TG_OP, TG_TABLE_NAME, old_row, new_row) AND (
    yearbook_locked((old_row->>'branch_id')::integer, (old_row->>'to_student_id')::integer)
    OR yearbook_locked((new_row->>'branch_id')::integer, (new_row->>'to_student_id')::integer)
  ) THEN
    RAISE EXCEPTION 'the yearbook of this branch is approved and locked' USING ERRCODE = 'YB423';
  END IF;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END
$$;
