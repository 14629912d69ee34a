-- A student's erasure and the retention purge are legal duties: they go through an approved
-- branch's lock. Their transaction says so with SET LOCAL yillik.lawful_erasure = 'on' (see
-- server/db/lawfulErasure.ts); nothing else sets it, and it ends with the transaction.
CREATE OR REPLACE FUNCTION yearbook_refuse_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  IF TG_OP = 'DELETE' AND current_setting('yillik.lawful_erasure', true) = 'on' THEN
    RETURN OLD;
  END IF;
  -- A student's and a parent's sign-in (their codes, the last sign-in) is not book content.
  IF TG_TABLE_NAME = 'students' AND TG_OP = 'UPDATE'
    AND old_row - ARRAY['access_code_hash', 'access_code_created_at', 'parent_code_hash', 'parent_code_created_at', 'last_sign_in_at', 'version', 'updated_at']
      = new_row - ARRAY['access_code_hash', 'access_code_created_at', 'parent_code_hash', 'parent_code_created_at', 'last_sign_in_at', 'version', 'updated_at'] THEN
    RETURN NEW;
  END IF;
  IF yearbook_locked((old_row->>'branch_id')::integer, (old_row->>'to_student_id')::integer)
    OR yearbook_locked((new_row->>'branch_id')::integer, (new_row->>'to_student_id')::integer) THEN
    RAISE EXCEPTION 'the yearbook of this branch is approved and locked' USING ERRCODE = 'YB423';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;
