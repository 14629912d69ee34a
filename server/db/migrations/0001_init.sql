CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"school_id" integer,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"grade" smallint NOT NULL,
	"section" text NOT NULL,
	"section_key" text NOT NULL,
	"programme" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "designs_studio_school_uq" UNIQUE NULLS NOT DISTINCT("studio_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"kind" text NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer,
	"from_student_id" integer,
	"to_student_id" integer,
	"author_user_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"original_body" text
);
--> statement-breakpoint
CREATE TABLE "nicknames" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"from_student_id" integer NOT NULL,
	"to_student_id" integer NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"notification_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_recipients_notification_id_student_id_pk" PRIMARY KEY("notification_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"author_user_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer,
	"school_id" integer,
	"branch_id" integer,
	"send_date" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"is_portrait" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"name" text NOT NULL,
	"city_id" smallint,
	"district" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"logo_path" text,
	"academic_year" text DEFAULT '' NOT NULL,
	"message_deadline" date,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"level" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"school_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"quote" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"photo_consent" boolean DEFAULT false NOT NULL,
	"photo_consent_date" date,
	"status" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studios" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo_path" text,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city_id" smallint,
	"website" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"level" text NOT NULL,
	"school_id" integer,
	"branch_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
-- The columns records end with, the same for each, as schema.ts builds them from shared pieces: a
-- moderated message's or nickname's state (moderation()) and search key, an editable, searchable
-- record's name keys (nameKeys()), and for both when the row was made and last changed.
DO $$
DECLARE
  stamps text := 'ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL, '
    'ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL';
  tbl text;
BEGIN
  FOREACH tbl IN ARRAY ARRAY['messages', 'nicknames'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN "status" text DEFAULT ''pending'' NOT NULL, '
      'ADD COLUMN "note" text DEFAULT '''' NOT NULL, ADD COLUMN "moderated_by" integer, '
      'ADD COLUMN "moderated_at" timestamp with time zone, '
      'ADD COLUMN "search_key" text DEFAULT '''' NOT NULL, %s', tbl, stamps);
  END LOOP;
  FOREACH tbl IN ARRAY ARRAY['schools', 'students', 'users'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN "search_key" text DEFAULT '''' NOT NULL, '
      'ADD COLUMN "sort_key" text DEFAULT '''' NOT NULL, %s', tbl, stamps);
  END LOOP;
END $$;--> statement-breakpoint
-- The foreign keys, one row per column and what it points at, with the tables that have that column.
-- Each is named as drizzle-kit names it: <table>_<column>_<referenced table>_id_fk.
DO $$
DECLARE
  fk record;
  tbl text;
BEGIN
  FOR fk IN SELECT * FROM (VALUES
    ('studio_id', 'studios', 'no action', ARRAY['audit_log', 'branches', 'designs', 'messages', 'nicknames', 'notifications', 'photos', 'schools', 'students', 'users']),
    ('school_id', 'schools', 'no action', ARRAY['branches', 'messages', 'nicknames', 'notifications', 'photos', 'students', 'users']),
    ('school_id', 'schools', 'cascade', ARRAY['designs']),
    ('branch_id', 'branches', 'no action', ARRAY['messages', 'nicknames', 'notifications', 'photos', 'students', 'users']),
    ('city_id', 'cities', 'no action', ARRAY['schools', 'studios']),
    ('user_id', 'users', 'set null', ARRAY['audit_log']),
    ('user_id', 'users', 'cascade', ARRAY['sessions']),
    ('author_user_id', 'users', 'set null', ARRAY['messages', 'notifications']),
    ('moderated_by', 'users', 'set null', ARRAY['messages', 'nicknames']),
    ('from_student_id', 'students', 'cascade', ARRAY['messages', 'nicknames']),
    ('to_student_id', 'students', 'cascade', ARRAY['messages', 'nicknames']),
    ('student_id', 'students', 'cascade', ARRAY['notification_recipients', 'photos']),
    ('notification_id', 'notifications', 'cascade', ARRAY['notification_recipients'])
  ) AS v(col, ref, on_delete, tables) LOOP
    FOREACH tbl IN ARRAY fk.tables LOOP
      EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (%I) REFERENCES "public".%I("id") ON DELETE %s ON UPDATE no action',
        tbl, tbl || '_' || fk.col || '_' || fk.ref || '_id_fk', fk.col, fk.ref, fk.on_delete);
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
CREATE INDEX "audit_studio_created_idx" ON "audit_log" USING btree ("studio_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branches_school_grade_section_uq" ON "branches" USING btree ("school_id","grade","section");--> statement-breakpoint
CREATE INDEX "branches_school_order_idx" ON "branches" USING btree ("school_id","grade","section_key" COLLATE "C");--> statement-breakpoint
CREATE INDEX "branches_studio_idx" ON "branches" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "messages_school_kind_status_idx" ON "messages" USING btree ("school_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "messages_branch_kind_status_idx" ON "messages" USING btree ("branch_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "messages_from_idx" ON "messages" USING btree ("from_student_id","status");--> statement-breakpoint
CREATE INDEX "messages_to_idx" ON "messages" USING btree ("to_student_id","status");--> statement-breakpoint
CREATE INDEX "messages_studio_created_idx" ON "messages" USING btree ("studio_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_search_trgm_idx" ON "messages" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nicknames_school_status_idx" ON "nicknames" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "nicknames_branch_status_idx" ON "nicknames" USING btree ("branch_id","status","created_at");--> statement-breakpoint
CREATE INDEX "nicknames_to_idx" ON "nicknames" USING btree ("to_student_id");--> statement-breakpoint
CREATE INDEX "notification_recipients_student_idx" ON "notification_recipients" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "notifications_studio_idx" ON "notifications" USING btree ("studio_id","status","send_date");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("status","send_date");--> statement-breakpoint
CREATE INDEX "notifications_school_idx" ON "notifications" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "photos_student_idx" ON "photos" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "photos_branch_portrait_idx" ON "photos" USING btree ("branch_id","is_portrait");--> statement-breakpoint
CREATE INDEX "schools_studio_sort_idx" ON "schools" USING btree ("studio_id","sort_key" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "schools_studio_city_idx" ON "schools" USING btree ("studio_id","city_id");--> statement-breakpoint
CREATE INDEX "schools_search_trgm_idx" ON "schools" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_school_number_uq" ON "students" USING btree ("school_id","school_number");--> statement-breakpoint
CREATE INDEX "students_branch_sort_idx" ON "students" USING btree ("branch_id","sort_key" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "students_school_sort_idx" ON "students" USING btree ("school_id","sort_key" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "students_studio_idx" ON "students" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_school_idx" ON "users" USING btree ("school_id","level");--> statement-breakpoint
CREATE INDEX "users_branch_idx" ON "users" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "users_studio_level_idx" ON "users" USING btree ("studio_id","level");