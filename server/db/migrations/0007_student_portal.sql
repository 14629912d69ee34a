CREATE TABLE "student_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_student_id" integer;--> statement-breakpoint
ALTER TABLE "nicknames" ADD COLUMN "author_student_id" integer;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "code" text DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 6)) NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "access_code_hash" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "access_code_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "quote_draft" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "portrait_pick_photo_id" integer;--> statement-breakpoint
ALTER TABLE "student_sessions" ADD CONSTRAINT "student_sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_sessions_token_hash_uq" ON "student_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "student_sessions_student_idx" ON "student_sessions" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_student_id_students_id_fk" FOREIGN KEY ("author_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nicknames" ADD CONSTRAINT "nicknames_author_student_id_students_id_fk" FOREIGN KEY ("author_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_code_uq" ON "schools" USING btree ("code");
