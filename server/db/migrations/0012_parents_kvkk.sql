CREATE TABLE "consent_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"student_id" integer,
	"erasure_id" integer,
	"purpose" text NOT NULL,
	"answer" text NOT NULL,
	"given_by_name" text NOT NULL,
	"relation" text NOT NULL,
	"channel" text NOT NULL,
	"text_version" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"scan_key" text,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"body" text NOT NULL,
	"version" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer,
	"student_id" integer NOT NULL,
	"erased_by" integer,
	"erased_by_name" text DEFAULT '' NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_consents" (
	"student_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"studio_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"answer" text NOT NULL,
	"record_id" bigint NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_consents_student_id_purpose_pk" PRIMARY KEY("student_id","purpose")
);
--> statement-breakpoint
DROP INDEX "student_sessions_student_idx";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "student_sessions" ADD COLUMN "holder" text DEFAULT 'student' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_code_hash" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "parent_code_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "retention_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_erasure_id_erasures_id_fk" FOREIGN KEY ("erasure_id") REFERENCES "public"."erasures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consents" ADD CONSTRAINT "student_consents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_consents" ADD CONSTRAINT "student_consents_studio_id_studios_id_fk" FOREIGN KEY ("studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_student_idx" ON "consent_records" USING btree ("student_id","purpose","id");--> statement-breakpoint
CREATE INDEX "consent_records_branch_idx" ON "consent_records" USING btree ("branch_id","purpose");--> statement-breakpoint
CREATE INDEX "consent_texts_studio_purpose_idx" ON "consent_texts" USING btree ("studio_id","purpose","id");--> statement-breakpoint
CREATE INDEX "erasures_studio_idx" ON "erasures" USING btree ("studio_id","erased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "erasures_student_uq" ON "erasures" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_consents_branch_idx" ON "student_consents" USING btree ("branch_id","purpose","answer");--> statement-breakpoint
CREATE INDEX "student_consents_school_idx" ON "student_consents" USING btree ("school_id","purpose","answer");--> statement-breakpoint
CREATE INDEX "student_sessions_student_idx" ON "student_sessions" USING btree ("student_id","holder");