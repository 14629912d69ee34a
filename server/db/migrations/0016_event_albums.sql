CREATE TABLE "album_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer,
	"album_id" integer NOT NULL,
	"position" integer NOT NULL,
	"layout" smallint NOT NULL,
	"photo_ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "album_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer,
	"album_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"uploaded_by" integer,
	"upload_link_id" integer,
	"uploader_name" text DEFAULT '' NOT NULL,
	"face_scan" text DEFAULT 'pending' NOT NULL,
	"face_scanned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "album_upload_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"album_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer,
	"name" text NOT NULL,
	"event_date" date,
	"description" text DEFAULT '' NOT NULL,
	"search_key" text DEFAULT '' NOT NULL,
	"sort_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_faces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"album_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"box" jsonb NOT NULL,
	"suggested_student_id" integer,
	"suggested_score" real,
	"state" text DEFAULT 'open' NOT NULL,
	"student_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_tags" (
	"photo_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"face_id" bigint,
	"tagged_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_tags_photo_id_student_id_pk" PRIMARY KEY("photo_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "student_faces" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"descriptor" real[] NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "coverage_goal" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "album_pages" ADD CONSTRAINT "album_pages_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_pages" ADD CONSTRAINT "album_pages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_pages" ADD CONSTRAINT "album_pages_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_pages" ADD CONSTRAINT "album_pages_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_upload_link_id_album_upload_links_id_fk" FOREIGN KEY ("upload_link_id") REFERENCES "public"."album_upload_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_upload_links" ADD CONSTRAINT "album_upload_links_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_upload_links" ADD CONSTRAINT "album_upload_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_upload_links" ADD CONSTRAINT "album_upload_links_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_upload_links" ADD CONSTRAINT "album_upload_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_photo_id_album_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."album_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_suggested_student_id_students_id_fk" FOREIGN KEY ("suggested_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_faces" ADD CONSTRAINT "photo_faces_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_photo_id_album_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."album_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_face_id_photo_faces_id_fk" FOREIGN KEY ("face_id") REFERENCES "public"."photo_faces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_tagged_by_users_id_fk" FOREIGN KEY ("tagged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_faces" ADD CONSTRAINT "student_faces_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_faces" ADD CONSTRAINT "student_faces_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_faces" ADD CONSTRAINT "student_faces_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_faces" ADD CONSTRAINT "student_faces_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_pages_album_idx" ON "album_pages" USING btree ("album_id","position");--> statement-breakpoint
CREATE INDEX "album_pages_school_idx" ON "album_pages" USING btree ("school_id","branch_id");--> statement-breakpoint
CREATE INDEX "album_photos_album_idx" ON "album_photos" USING btree ("album_id","status","id");--> statement-breakpoint
CREATE INDEX "album_photos_school_idx" ON "album_photos" USING btree ("school_id","status");--> statement-breakpoint
CREATE INDEX "album_photos_face_scan_idx" ON "album_photos" USING btree ("school_id","face_scan");--> statement-breakpoint
CREATE UNIQUE INDEX "album_upload_links_token_uq" ON "album_upload_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "album_upload_links_album_idx" ON "album_upload_links" USING btree ("album_id");--> statement-breakpoint
CREATE INDEX "albums_school_sort_idx" ON "albums" USING btree ("school_id","sort_key" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "albums_branch_idx" ON "albums" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "albums_studio_idx" ON "albums" USING btree ("studio_id");--> statement-breakpoint
CREATE INDEX "photo_faces_album_idx" ON "photo_faces" USING btree ("album_id","state");--> statement-breakpoint
CREATE INDEX "photo_faces_photo_idx" ON "photo_faces" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "photo_faces_suggested_idx" ON "photo_faces" USING btree ("suggested_student_id");--> statement-breakpoint
CREATE INDEX "photo_faces_student_idx" ON "photo_faces" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "photo_tags_student_idx" ON "photo_tags" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "photo_tags_branch_idx" ON "photo_tags" USING btree ("branch_id","student_id");--> statement-breakpoint
CREATE INDEX "photo_tags_school_idx" ON "photo_tags" USING btree ("school_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_faces_photo_uq" ON "student_faces" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "student_faces_student_idx" ON "student_faces" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_faces_school_idx" ON "student_faces" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "student_faces_branch_idx" ON "student_faces" USING btree ("branch_id");--> statement-breakpoint
CREATE TRIGGER albums_version BEFORE UPDATE ON "albums" FOR EACH ROW EXECUTE FUNCTION bump_version();--> statement-breakpoint
CREATE TRIGGER album_pages_version BEFORE UPDATE ON "album_pages" FOR EACH ROW EXECUTE FUNCTION bump_version();
