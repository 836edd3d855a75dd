-- Kept report answers are bounded for custom periods (issue 28, decision 035): every custom period asked for was a
-- question of its own, so a reader could add rows without end. An answer of a custom period names its bucket (its
-- kind and company scope, hashed); only the latest KEPT_CUSTOM_ANSWERS of a bucket are kept. Presets have none.
ALTER TABLE "report_answers" ADD COLUMN "bucket" text;--> statement-breakpoint
CREATE INDEX "report_answers_bucket_idx" ON "report_answers" USING btree ("bucket","as_of");