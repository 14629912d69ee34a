ALTER TABLE "notifications" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_search_trgm_idx" ON "notifications" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
-- Rows written before this migration: an SQL approximation of common/text.ts searchKey (Turkish
-- letters folded, lower case, spaces collapsed); every later write stores the exact key.
UPDATE "notifications" SET "search_key" = trim(regexp_replace(lower(translate("title" || ' ' || "body", 'ÇĞIİÖŞÜçğıöşüÂÎÛâîû', 'cgiiosucgiosuaiuaiu')), '\s+', ' ', 'g')) WHERE "search_key" = '';
