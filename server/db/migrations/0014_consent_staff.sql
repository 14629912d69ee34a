-- The single photo flag staff ticked gives way to the per-purpose answers: each ticked flag is
-- kept as a paper record of "yes" to photos in the printed book, dated as the flag was, naming
-- no parent (the flag never said who gave it) and saying it was carried over.
INSERT INTO "consent_records" ("studio_id", "school_id", "branch_id", "student_id", "purpose", "answer", "given_by_name", "relation", "channel", "text_version", "answered_at")
SELECT "studio_id", "school_id", "branch_id", "id", 'print-photo', 'yes', 'Kayıt aktarımı', 'belirsiz', 'paper', 'fotograf-izni-isareti',
	coalesce(("photo_consent_date"::timestamp AT TIME ZONE 'Europe/Istanbul'), "updated_at")
FROM "students" WHERE "photo_consent";--> statement-breakpoint
INSERT INTO "student_consents" ("student_id", "purpose", "studio_id", "school_id", "branch_id", "answer", "record_id", "answered_at")
SELECT "student_id", "purpose", "studio_id", "school_id", "branch_id", "answer", "id", "answered_at"
FROM "consent_records" WHERE "text_version" = 'fotograf-izni-isareti' AND "student_id" IS NOT NULL
ON CONFLICT ("student_id", "purpose") DO NOTHING;--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "photo_consent";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "photo_consent_date";
