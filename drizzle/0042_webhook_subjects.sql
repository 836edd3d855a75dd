DROP INDEX "webhook_deliveries_claim_order_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
-- Deliveries queued before invoices had events were ordered by their claim.
UPDATE "webhook_deliveries" SET "subject_id" = "claim_id";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subject_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","subject_id","seq") WHERE status = 'pending';