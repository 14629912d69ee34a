CREATE TABLE "studio_counts" (
	"studio_id" integer PRIMARY KEY NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"students_with_portrait" integer DEFAULT 0 NOT NULL,
	"messages_pending" integer DEFAULT 0 NOT NULL,
	"messages_approved" integer DEFAULT 0 NOT NULL,
	"messages_rejected" integer DEFAULT 0 NOT NULL,
	"nicknames_pending" integer DEFAULT 0 NOT NULL,
	"nicknames_approved" integer DEFAULT 0 NOT NULL,
	"nicknames_rejected" integer DEFAULT 0 NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_counts" ADD CONSTRAINT "studio_counts_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The studio's row first, then its scope rows: every writer of a studio's counts takes the studio's
-- row before any of its branches' rows, so two writers never wait on each other crosswise (the
-- studio's row is held to the end of a transaction, and with it the turn to change its counts).
CREATE OR REPLACE FUNCTION "apply_scope_count_changes"(changes "scope_count_change"[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO studio_counts AS t (studio_id, students, students_with_portrait,
    messages_pending, messages_approved, messages_rejected, nicknames_pending, nicknames_approved, nicknames_rejected, notifications)
  SELECT studio_id,
    coalesce(sum(delta) FILTER (WHERE counter = 'students'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'students_with_portrait'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'messages_pending'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'messages_approved'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'messages_rejected'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'nicknames_pending'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'nicknames_approved'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'nicknames_rejected'), 0),
    coalesce(sum(delta) FILTER (WHERE counter = 'notifications'), 0)
  FROM (SELECT studio_id, counter, sum(delta)::integer AS delta FROM unnest(changes) GROUP BY 1, 2 HAVING sum(delta) <> 0) net
  GROUP BY studio_id
  ORDER BY studio_id
  ON CONFLICT (studio_id) DO UPDATE SET
    students = t.students + excluded.students,
    students_with_portrait = t.students_with_portrait + excluded.students_with_portrait,
    messages_pending = t.messages_pending + excluded.messages_pending,
    messages_approved = t.messages_approved + excluded.messages_approved,
    messages_rejected = t.messages_rejected + excluded.messages_rejected,
    nicknames_pending = t.nicknames_pending + excluded.nicknames_pending,
    nicknames_approved = t.nicknames_approved + excluded.nicknames_approved,
    nicknames_rejected = t.nicknames_rejected + excluded.nicknames_rejected,
    notifications = t.notifications + excluded.notifications;
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
-- Portraits take their branches' rows before counting (see the migration that made the counters):
-- the studio's row is taken before them, in the same order as every other writer.
CREATE OR REPLACE FUNCTION "count_portraits"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO studio_counts AS t (studio_id)
    SELECT DISTINCT studio_id FROM unnest(net) ORDER BY 1
    ON CONFLICT (studio_id) DO UPDATE SET students_with_portrait = t.students_with_portrait;
  INSERT INTO scope_counts AS c (studio_id, school_id, branch_id)
    SELECT DISTINCT studio_id, school_id, branch_id FROM unnest(net) ORDER BY 1, 2, 3
    ON CONFLICT (studio_id, school_id, branch_id) DO UPDATE SET students_with_portrait = c.students_with_portrait;
  PERFORM apply_scope_count_changes(ARRAY(
    SELECT ROW(n.studio_id, n.school_id, n.branch_id, 'students_with_portrait', (held.portraits > 0)::integer - (held.portraits - n.delta > 0)::integer)::scope_count_change
    FROM (SELECT studio_id, school_id, branch_id, counter::integer AS student_id, sum(delta) AS delta FROM unnest(net) GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0) n
    CROSS JOIN LATERAL (SELECT count(*) AS portraits FROM photos p WHERE p.branch_id = n.branch_id AND p.is_portrait AND p.student_id = n.student_id) held));
  RETURN NULL;
END $$;--> statement-breakpoint
-- The totals of the counts already kept.
INSERT INTO studio_counts (studio_id, students, students_with_portrait, messages_pending, messages_approved, messages_rejected,
  nicknames_pending, nicknames_approved, nicknames_rejected, notifications)
SELECT c.studio_id, sum(students), sum(students_with_portrait), sum(messages_pending), sum(messages_approved), sum(messages_rejected),
  sum(nicknames_pending), sum(nicknames_approved), sum(nicknames_rejected), sum(notifications)
FROM scope_counts c JOIN studios s ON s.id = c.studio_id
GROUP BY c.studio_id;
