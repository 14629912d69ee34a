DROP INDEX "jobs_claim_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "run_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_active_per_studio_uq" ON "jobs" USING btree ("kind","studio_id") WHERE school_id IS NULL AND status IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after","id");