CREATE TABLE "yearbook_approvals" (
	"branch_id" integer PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"job_id" integer,
	"approved_by" integer,
	"approved_by_name" text DEFAULT '' NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "yearbook_finals" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "yearbook_approvals" ADD CONSTRAINT "yearbook_approvals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_approvals" ADD CONSTRAINT "yearbook_approvals_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_approvals" ADD CONSTRAINT "yearbook_approvals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_approvals" ADD CONSTRAINT "yearbook_approvals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_approvals" ADD CONSTRAINT "yearbook_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_finals" ADD CONSTRAINT "yearbook_finals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_finals" ADD CONSTRAINT "yearbook_finals_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yearbook_finals" ADD CONSTRAINT "yearbook_finals_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yearbook_approvals_school_idx" ON "yearbook_approvals" USING btree ("school_id");--> statement-breakpoint
-- An approved branch's content is locked: its students, photos, nicknames and messages (also a
-- message to one of its students) are refused with SQLSTATE YB423 until the studio unlocks it.
CREATE FUNCTION yearbook_locked(branch integer, student integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM yearbook_approvals a
    WHERE a.branch_id = branch OR a.branch_id = (SELECT s.branch_id FROM students s WHERE s.id = student)
  )
$$;
--> statement-breakpoint
CREATE FUNCTION yearbook_refuse_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  -- A student's own sign-in (access code, last sign-in) is not book content.
  IF TG_TABLE_NAME = 'students' AND TG_OP = 'UPDATE'
    AND old_row - ARRAY['access_code_hash', 'access_code_created_at', 'last_sign_in_at', 'version', 'updated_at']
      = new_row - ARRAY['access_code_hash', 'access_code_created_at', 'last_sign_in_at', 'version', 'updated_at'] THEN
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
--> statement-breakpoint
CREATE TRIGGER students_yearbook_lock BEFORE INSERT OR UPDATE OR DELETE ON students FOR EACH ROW EXECUTE FUNCTION yearbook_refuse_locked();
--> statement-breakpoint
CREATE TRIGGER photos_yearbook_lock BEFORE INSERT OR UPDATE OR DELETE ON photos FOR EACH ROW EXECUTE FUNCTION yearbook_refuse_locked();
--> statement-breakpoint
CREATE TRIGGER messages_yearbook_lock BEFORE INSERT OR UPDATE OR DELETE ON messages FOR EACH ROW EXECUTE FUNCTION yearbook_refuse_locked();
--> statement-breakpoint
CREATE TRIGGER nicknames_yearbook_lock BEFORE INSERT OR UPDATE OR DELETE ON nicknames FOR EACH ROW EXECUTE FUNCTION yearbook_refuse_locked();
