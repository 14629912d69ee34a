CREATE TABLE "scope_counts" (
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"students_with_portrait" integer DEFAULT 0 NOT NULL,
	"messages_pending" integer DEFAULT 0 NOT NULL,
	"messages_approved" integer DEFAULT 0 NOT NULL,
	"messages_rejected" integer DEFAULT 0 NOT NULL,
	"nicknames_pending" integer DEFAULT 0 NOT NULL,
	"nicknames_approved" integer DEFAULT 0 NOT NULL,
	"nicknames_rejected" integer DEFAULT 0 NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scope_counts_studio_id_school_id_branch_id_pk" PRIMARY KEY("studio_id","school_id","branch_id")
);
--> statement-breakpoint
CREATE INDEX "scope_counts_branch_idx" ON "scope_counts" USING btree ("branch_id");--> statement-breakpoint
-- Every write changes a few counts in place: half of each page left free lets PostgreSQL keep the new row version on the same page.
ALTER TABLE "scope_counts" SET (fillfactor = 50);--> statement-breakpoint
-- One change of one count of one scope row; a statement's changes are added up before they are written.
CREATE TYPE "scope_count_change" AS ("studio_id" integer, "school_id" integer, "branch_id" integer, "counter" text, "delta" integer);--> statement-breakpoint
-- Adds a statement's changes to the scope rows as `count = count + change`, never read-and-write-back,
-- so concurrent writers of one branch add up. Rows are taken in key order, so two writers never
-- wait on each other crosswise; a row whose changes cancel out is not touched at all.
CREATE FUNCTION "apply_scope_count_changes"(changes "scope_count_change"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO scope_counts AS c (studio_id, school_id, branch_id, students, students_with_portrait,
    messages_pending, messages_approved, messages_rejected, nicknames_pending, nicknames_approved, nicknames_rejected, notifications)
  SELECT studio_id, school_id, branch_id,
    coalesce(sum(delta) FILTER (WHERE counter = 'students'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'students_with_portrait'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'messages_pending'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'messages_approved'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'messages_rejected'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'nicknames_pending'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'nicknames_approved'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'nicknames_rejected'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'notifications'), 0)
  FROM (
    SELECT studio_id, coalesce(school_id, 0) AS school_id, coalesce(branch_id, 0) AS branch_id, counter, sum(delta)::integer AS delta
    FROM unnest(changes)
    GROUP BY 1, 2, 3, 4
    HAVING sum(delta) <> 0
  ) net
  GROUP BY studio_id, school_id, branch_id
  ORDER BY studio_id, school_id, branch_id
  ON CONFLICT (studio_id, school_id, branch_id) DO UPDATE SET
    students = c.students + excluded.students,
    students_with_portrait = c.students_with_portrait + excluded.students_with_portrait,
    messages_pending = c.messages_pending + excluded.messages_pending,
    messages_approved = c.messages_approved + excluded.messages_approved,
    messages_rejected = c.messages_rejected + excluded.messages_rejected,
    nicknames_pending = c.nicknames_pending + excluded.nicknames_pending,
    nicknames_approved = c.nicknames_approved + excluded.nicknames_approved,
    nicknames_rejected = c.nicknames_rejected + excluded.nicknames_rejected,
    notifications = c.notifications + excluded.notifications
$$;--> statement-breakpoint
-- Statement-level: an import of 10 000 rows or a bulk moderation changes each scope row once.
-- The rows a statement added count +1, the rows it took away −1 (an update does both, so an edit
-- that changes no counted column nets out to nothing). The four counting functions differ only in
-- the counter a row goes to and which rows count: only messages between students are counted
-- (what the moderators work through); a notification to the whole studio has no school, one to a
-- school no branch: they count in the studio's or school's own row (0). Where `source` breaks the
-- line, so did the functions when each was written out on its own: a database made fresh holds the
-- same function text as one that ran this file before.
DO $do$
DECLARE
  f record;
BEGIN
  FOR f IN SELECT * FROM (VALUES
    ('count_students', '''students''', ' FROM %s GROUP BY studio_id, school_id, branch_id'),
    ('count_messages', '''messages_'' || status', E'\n      FROM %s WHERE kind = ''student'' GROUP BY studio_id, school_id, branch_id, status'),
    ('count_nicknames', '''nicknames_'' || status', E'\n      FROM %s GROUP BY studio_id, school_id, branch_id, status'),
    ('count_notifications', '''notifications''', ' FROM %s GROUP BY studio_id, school_id, branch_id')
  ) AS v(name, counter, source) LOOP
    EXECUTE format($function$CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
  changes scope_count_change[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    changes := changes || ARRAY(SELECT ROW(studio_id, school_id, branch_id, %2$s, count(*)::integer)::scope_count_change%3$s);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    changes := changes || ARRAY(SELECT ROW(studio_id, school_id, branch_id, %2$s, -count(*)::integer)::scope_count_change%4$s);
  END IF;
  PERFORM apply_scope_count_changes(changes);
  RETURN NULL;
END $body$$function$, f.name, f.counter, format(f.source, 'new_rows'), format(f.source, 'old_rows'));
  END LOOP;
END $do$;--> statement-breakpoint
-- A student counts once however many portraits they have, so a count changes only when a student
-- goes from none to some or back. The statement's net portrait rows per student and branch tell
-- what it held before (now − net). The branches' counter rows are taken first (in key order; the
-- count's own update would take them anyway), so a transaction changing portraits in the same
-- branch at the same moment waits, then looks after this one has committed: two first portraits
-- of one student at once count once. (A student's photos move with the student, so a student is
-- counted in one branch.)
CREATE FUNCTION "count_portraits"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  net scope_count_change[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    net := net || ARRAY(SELECT ROW(studio_id, school_id, branch_id, student_id::text, count(*)::integer)::scope_count_change
      FROM new_rows WHERE is_portrait GROUP BY studio_id, school_id, branch_id, student_id);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    net := net || ARRAY(SELECT ROW(studio_id, school_id, branch_id, student_id::text, -count(*)::integer)::scope_count_change
      FROM old_rows WHERE is_portrait GROUP BY studio_id, school_id, branch_id, student_id);
  END IF;
  IF cardinality(net) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO scope_counts AS c (studio_id, school_id, branch_id)
    SELECT DISTINCT studio_id, school_id, branch_id FROM unnest(net) ORDER BY 1, 2, 3
    ON CONFLICT (studio_id, school_id, branch_id) DO UPDATE SET students_with_portrait = c.students_with_portrait;
  PERFORM apply_scope_count_changes(ARRAY(
    SELECT ROW(n.studio_id, n.school_id, n.branch_id, 'students_with_portrait', (held.portraits > 0)::integer - (held.portraits - n.delta > 0)::integer)::scope_count_change
    FROM (SELECT studio_id, school_id, branch_id, counter::integer AS student_id, sum(delta) AS delta FROM unnest(net) GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0) n
    CROSS JOIN LATERAL (SELECT count(*) AS portraits FROM photos p WHERE p.branch_id = n.branch_id AND p.is_portrait AND p.student_id = n.student_id) held));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted branch or school takes its scope rows along (its counted rows went before it: foreign keys).
CREATE FUNCTION "forget_scope_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'branches' THEN
    DELETE FROM scope_counts WHERE branch_id IN (SELECT id FROM old_rows);
  ELSE
    DELETE FROM scope_counts WHERE school_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Each counted table's three statement triggers: insert, update and delete.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('students', 'count_students'), ('messages', 'count_messages'), ('nicknames', 'count_nicknames'),
    ('notifications', 'count_notifications'), ('photos', 'count_portraits')) AS v(tbl, fn) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_count_insert', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_count_update', t.tbl, t.fn);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.tbl || '_count_delete', t.tbl, t.fn);
  END LOOP;
END $$;--> statement-breakpoint
CREATE TRIGGER "branches_forget_counts" AFTER DELETE ON "branches" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_scope_counts"();--> statement-breakpoint
CREATE TRIGGER "schools_forget_counts" AFTER DELETE ON "schools" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_scope_counts"();--> statement-breakpoint
-- The counts of the rows already there.
SELECT apply_scope_count_changes(ARRAY(
  SELECT ROW(studio_id, school_id, branch_id, 'students', count(*)::integer)::scope_count_change FROM students GROUP BY studio_id, school_id, branch_id
  UNION ALL SELECT ROW(studio_id, school_id, branch_id, 'students_with_portrait', count(DISTINCT student_id)::integer)::scope_count_change FROM photos WHERE is_portrait GROUP BY studio_id, school_id, branch_id
  UNION ALL SELECT ROW(studio_id, school_id, branch_id, 'messages_' || status, count(*)::integer)::scope_count_change FROM messages WHERE kind = 'student' GROUP BY studio_id, school_id, branch_id, status
  UNION ALL SELECT ROW(studio_id, school_id, branch_id, 'nicknames_' || status, count(*)::integer)::scope_count_change FROM nicknames GROUP BY studio_id, school_id, branch_id, status
  UNION ALL SELECT ROW(studio_id, school_id, branch_id, 'notifications', count(*)::integer)::scope_count_change FROM notifications GROUP BY studio_id, school_id, branch_id
));
