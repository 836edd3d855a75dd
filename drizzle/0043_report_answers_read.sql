-- Kept report answers are computed again ahead of their readers (issue 30, decision 035): each keeps what was
-- asked (`question`: the question, its company scope and bound) and when a reader last asked (`read_at`, to the
-- minute); the reports.refresh-kept-answers job recomputes the stale ones read in the last hour.
ALTER TABLE "report_answers" ADD COLUMN "question" jsonb;--> statement-breakpoint
ALTER TABLE "report_answers" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "report_answers_read_idx" ON "report_answers" USING btree ("read_at");
