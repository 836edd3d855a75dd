DROP INDEX "webhook_deliveries_claim_order_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
-- Deliveries still waiting, queued before invoices had events, are ordered by their claim (sent ones need no order).
UPDATE "webhook_deliveries" SET "subject_id" = "claim_id" WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subject_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","subject_id","seq") WHERE status = 'pending';